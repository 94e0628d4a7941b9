"""Speed of `redpen-bench mutate --from-corpus`: items generated, kill-checked mutants per second, wall time.

    PYTHONPATH=. python benchmarks/mutate.py [--corpus corpus] [--jobs 2] [extra mutate options...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import rtoml


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="corpus")
    parser.add_argument("--jobs", default="2")
    args, extra = parser.parse_known_args()
    with tempfile.TemporaryDirectory(prefix="redpen-bench-mutate-") as scratch:
        out = Path(scratch) / "out"
        start = time.monotonic()
        subprocess.run([sys.executable, "-m", "redpen_bench", "mutate", "--from-corpus", args.corpus, "--out",
                        str(out), "--jobs", args.jobs, *extra], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        wall = time.monotonic() - start
        generated = rtoml.load(out / "corpus.toml")["generated"]
    checked = sum(row["checked"] for row in generated["counts"].values())
    print(f"items generated   {generated['items']}")
    print(f"kill-checked      {checked} mutants, {checked / wall:.1f} per second")
    print(f"generated         {generated['items'] / wall:.1f} items per second")
    print(f"wall time         {wall:.1f} s (jobs {args.jobs})")


if __name__ == "__main__":
    main()
