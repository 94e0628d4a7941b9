"""Cost of one check in a check worker (gate/check_worker.py), the check itself aside: N passing checks of a
one-line function, one worker, timed around each `check` call. The worker's own start is timed apart.

    PYTHONPATH=. python benchmarks/check_worker.py [--checks 500] [--rounds 5]

Each round starts a fresh worker; the median per-check time of the rounds is printed, with the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from redpen_bench.gate.check_worker import CheckWorker

TEST = "def check_original(m):\n    assert m.f(1) == 2\n"
SOURCE = "def f(x):\n    return x + 1\n"


def one_round(folder: Path, checks: int) -> tuple[float, float]:
    """(seconds to start the worker, seconds per check)."""
    start = time.perf_counter()
    with CheckWorker(folder / "test_item.py", "check_original", 10.0) as worker:
        started = time.perf_counter()
        for _ in range(checks):
            outcome = worker.check(SOURCE)
            assert outcome.status == "pass", outcome
        done = time.perf_counter()
    return started - start, (done - started) / checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checks", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="redpen-bench-worker-") as scratch:
        folder = Path(scratch)
        (folder / "test_item.py").write_text(TEST)
        print(f"load average at the start: {os.getloadavg()[0]:.1f}")
        results = [one_round(folder, args.checks) for _ in range(args.rounds)]
    starts, per_check = zip(*results)
    print(f"worker start: median {statistics.median(starts) * 1000:.1f} ms")
    median = statistics.median(per_check) * 1000
    print(f"per check ({args.checks} checks x {args.rounds} rounds): median {median:.3f} ms"
          f" (rounds: {', '.join(f'{s * 1000:.3f}' for s in per_check)})")


if __name__ == "__main__":
    main()
