"""How fast does `redpen-bench harvest` verify candidate fixes on a real history?

Runs `redpen-bench harvest REPO --out TMP --jobs N` (`--repeat` times, each into a fresh folder) and prints,
per round, the commits walked, the candidates verified, the items kept and the wall time, then the median of
candidates verified per minute (the candidates are what costs: each runs its tests at P and at F, `--repeat-runs`
times each side at most). REPO is a local clone with its own environment (REPO/.venv, or --python).

    python benchmarks/harvest.py REPO [--jobs 2] [--repeat 3] [--python PATH] [--since DATE]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path


def one_round(repo: Path, jobs: int, extra: list[str]) -> dict:
    scratch = Path(tempfile.mkdtemp(prefix="redpen-bench-harvest-"))
    try:
        out = scratch / "fixes"
        start = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "redpen_bench", "harvest", str(repo), "--out", str(out),
                               "--jobs", str(jobs), *extra], capture_output=True, text=True)
        seconds = time.monotonic() - start
        if done.returncode != 0:
            raise SystemExit(f"harvest failed: {done.stderr.strip().splitlines()[-1:]}")
        meta = tomllib.loads((out / "corpus.toml").read_text(encoding="utf-8"))["harvested"]
        counts = meta["counts"]
        cheap = ("root commit", "no python change", "dependency file", "too large", "not tests and code",
                 "several source files")
        return {"seconds": seconds, "walked": sum(counts.values()), "items": meta["items"],
                "candidates": sum(n for k, n in counts.items() if k not in cheap), "counts": counts}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repo", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--python", default=None)
    parser.add_argument("--since", default=None)
    args = parser.parse_args()
    extra = [*(["--python", args.python] if args.python else []), *(["--since", args.since] if args.since else [])]
    rates = []
    for i in range(args.repeat):
        found = one_round(args.repo, args.jobs, extra)
        rate = found["candidates"] / found["seconds"] * 60
        rates.append(rate)
        print(f"round {i + 1}: {found['walked']} commits walked, {found['candidates']} candidates, "
              f"{found['items']} kept, {found['seconds']:.1f} s: {rate:.1f} candidates/min")
    print(f"counts: {found['counts']}")
    print(f"median: {statistics.median(rates):.1f} candidates verified per minute (--jobs {args.jobs})")


if __name__ == "__main__":
    main()
