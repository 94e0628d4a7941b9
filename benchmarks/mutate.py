"""Speed of `redpen-bench mutate --from-corpus`: items generated, kill-checked mutants per second, wall time;
with --raw, the raw cost it is compared with: the check called in-process on each mutant module, no isolation.

    PYTHONPATH=. python benchmarks/mutate.py [--corpus corpus] [--jobs 2] [--raw] [extra mutate options...]

The raw cost runs the same mutants (every first-order mutant, then the pairs of the killed ones) one after
another in this process: each module compiled and executed, then its item's check called once, under the
same per-mutant time limit as mutate (a mutant that loops costs its limit here too). It is a floor, not a
way to run them: a mutant may change the test's state, exit or exhaust memory (an address-space limit of
1 GiB turns that into a MemoryError here).
"""

from __future__ import annotations

import argparse
import importlib.util
import resource
import signal
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

import rtoml


class _Late(BaseException):
    pass


def _alarm(*_):
    raise _Late


def _run(check, source: str, limit: float) -> tuple[bool, bool]:
    """(killed, timed out): the module executed and checked in-process within `limit` seconds."""
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        module = types.ModuleType("variant_under_test")
        exec(compile(source, "variant_under_test.py", "exec"), module.__dict__)
        check(module)
        return False, False
    except _Late:
        return True, True
    except BaseException:  # anything a mutant raises is a kill
        return True, False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _timed(check, mutant, limit: float, killed: list, unit) -> tuple[float, bool]:
    from redpen_bench.generate.units import Killed

    start = time.perf_counter()
    dead, late = _run(check, mutant.source, limit)
    seconds = time.perf_counter() - start
    if dead:
        killed.append(Killed(unit, mutant, (), late))
    return seconds, late


def raw_cost(corpus_dir: str) -> tuple[int, float, float]:
    """(mutants run, seconds in all, seconds of those that ran into their limit)."""
    from redpen_bench.generate.kill import limit_for
    from redpen_bench.generate.pipeline import corpus_units, higher_order, scan_unit
    from redpen_bench.generate.units import Options
    from redpen_bench.model.corpus import load_corpus

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    signal.signal(signal.SIGALRM, _alarm)
    options = Options()
    count, total, late_seconds = 0, 0.0, 0.0
    for unit in corpus_units(load_corpus(Path(corpus_dir))):
        spec = importlib.util.spec_from_file_location("test_item", unit.test_path)
        test = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(test)
        check = getattr(test, unit.check)
        source = unit.source
        start = time.perf_counter()
        _run(check, source, options.timeout)
        limit = limit_for(time.perf_counter() - start, options.timeout)
        killed, seconds = [], []
        for mutant in scan_unit(unit, options).mutants:
            seconds.append(_timed(check, mutant, limit, killed, unit))
        for hom in higher_order(unit, source, list(killed), options):
            seconds.append(_timed(check, hom, limit, killed, unit))
        count += len(seconds)
        total += sum(s for s, _ in seconds)
        late_seconds += sum(s for s, late in seconds if late)
    return count, total, late_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="corpus")
    parser.add_argument("--jobs", default="2")
    parser.add_argument("--raw", action="store_true", help="also measure the raw cost (default options only)")
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
    if args.raw:
        count, seconds, late = raw_cost(args.corpus)
        print(f"raw cost          {count} mutants checked in-process one after another: {seconds:.1f} s "
              f"({count / seconds:.1f} per second), {late:.1f} s of it mutants that ran into their limit")
        print(f"mutate / raw      {wall / seconds:.2f} (wall time on {args.jobs} jobs over the raw cost on one core)")


if __name__ == "__main__":
    main()
