"""Speed and stability of `redpen-bench mutate PROJECT` on a real project: items, kill checks per second,
the same corpus from the same command twice, and `verify` passing it twice (with its wall time).

    python benchmarks/project_mutate.py PROJECT [--runs 2] [--no-session] [--no-worker] [--code DIR] [-- options]

PROJECT is a checkout with its own venv (PROJECT/.venv, the project installed editable with its test
dependencies): the documented command `redpen-bench mutate PROJECT --out OUT` runs its tests with that venv's
Python. --no-session sets REDPEN_TEST_SESSION=0 (no session kept open per file: the in-process test worker
imports each mutant afresh); --no-worker sets REDPEN_TEST_WORKER=0 (a fresh pytest process for every run);
--code DIR runs the redpen_bench package found in DIR instead of this one (another
checkout, e.g. main's, for a before/after figure). Everything is written to a temporary folder.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SUMMARY = re.compile(r"mutate: (\d+) items in ([\d.]+) s \(([\d.]+) kill checks/s\)")


def redpen(code: Path, *args: str, env: dict[str, str]) -> tuple[subprocess.CompletedProcess, float]:
    """The command's result and wall seconds, with the load average it ran under (no CPU time: the kill checks
    run in a process pool's workers, which this process never waits for, so their CPU time is not its children's)."""
    start = time.monotonic()
    # run from `code` itself: `python -m` puts the working folder first on the path, ahead of PYTHONPATH
    done = subprocess.run([sys.executable, "-m", "redpen_bench", *args], capture_output=True, text=True, cwd=code,
                          env=env | {"PYTHONPATH": str(code), "COLUMNS": "200"})
    return done, time.monotonic() - start


def same_tree(a: Path, b: Path) -> bool:
    compared = filecmp.dircmp(a, b)
    if compared.left_only or compared.right_only or compared.diff_files or compared.funny_files:
        return False
    return all(same_tree(a / d, b / d) for d in compared.common_dirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("--runs", type=int, default=2, help="mutate runs (compared with each other)")
    parser.add_argument("--no-session", action="store_true", help="no pytest session kept open per source file")
    parser.add_argument("--no-worker", action="store_true", help="a fresh pytest process for every run")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[1])
    args, extra = parser.parse_known_args()  # the rest: more mutate options, after --
    args.extra = [a for a in extra if a != "--"]
    env = dict(os.environ, REDPEN_TEST_WORKER="0" if args.no_worker else "1",
               REDPEN_TEST_SESSION="0" if args.no_session else "1")
    with tempfile.TemporaryDirectory(prefix="redpen-bench-project-") as scratch:
        outs = []
        for run in range(args.runs):
            out = Path(scratch) / f"gen{run + 1}"
            done, seconds = redpen(args.code, "mutate", str(args.project.resolve()), "--out", str(out), *args.extra,
                                   env=env)
            if done.returncode != 0:
                sys.exit(f"mutate failed: {done.stderr.strip().splitlines()[-1:]}")
            found = SUMMARY.search(done.stderr + done.stdout)
            items, _, rate = found.groups() if found else ("0", "1", "0")
            row = next((line for line in done.stderr.splitlines() if line.strip("│ ").startswith("all ")), "")
            cells = [c.strip() for c in row.strip().strip("│").split("│")]
            checks = float(cells[7]) if len(cells) > 7 else 0.0  # the summary table's "checked" total
            print(f"mutate run {run + 1}: {items} items, {checks:.0f} kill checks, {seconds:.1f} s wall, {rate} "
                  f"kill checks/s (its summary), load average {os.getloadavg()[0]:.1f}", flush=True)
            outs.append(out)
        for other in outs[1:]:
            print(f"same corpus as run 1: {'yes' if same_tree(outs[0], other) else 'NO'} ({other.name})", flush=True)
        for run in range(2):
            done, seconds = redpen(args.code, "verify", "--corpus", str(outs[0]), env=env)
            last = (done.stdout.strip().splitlines() or ["?"])[-1]
            lines = sum("killability checks" in line for line in done.stderr.splitlines())
            print(f"verify {run + 1}: exit {done.returncode} in {seconds:.1f} s wall, load average "
                  f"{os.getloadavg()[0]:.1f}, {lines} progress lines: {last}", flush=True)


if __name__ == "__main__":
    main()
