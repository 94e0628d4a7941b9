"""What does the report cost on top of the runs it reads?

Runs the default offline comparison once (baselines and every analyzer profile, filling a fresh run folder and
verdict cache in a temporary folder), then, round after round: the bootstrap alone (all reviewers, --bootstrap
resamples), the charts alone, the whole report from the run folder (`build_report`), and `redpen-bench compare`
again end to end (a resumed run: nothing asked, everything reported). Prints the median wall times.

    /work/venv/bin/python benchmarks/report.py [--repeat 5] [--bootstrap 2000] [--corpus DIR]

Goal: a resumed `redpen-bench compare` on the shipped corpus well under 10 s, most of it the report.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--bootstrap", type=int, default=2000)
    parser.add_argument("--corpus", default=None)
    args = parser.parse_args()

    from redpen_bench.model.corpus import load_corpus
    from redpen_bench.report import charts
    from redpen_bench.report.build import build_report, read_runs
    from redpen_bench.report.gather import gather
    from redpen_bench.scoring import stats
    from redpen_bench.scoring.scorer import score_rows

    corpus = load_corpus(args.corpus)
    exe = Path(sys.executable).parent / "redpen-bench"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = os.environ | {"REDPEN_CACHE": str(work / "cache.sqlite3"), "SEMGREP_ENABLE_VERSION_CHECK": "0"}
        command = [str(exe), "compare", "--name", "bench", "--bootstrap", str(args.bootstrap)]
        if args.corpus:
            command += ["--corpus", str(Path(args.corpus).resolve())]
        started = time.perf_counter()
        subprocess.run(command, cwd=work, env=env, check=True, capture_output=True)
        first = time.perf_counter() - started
        run_dir = next((work / "runs").iterdir())

        rows, manifest = read_runs([run_dir], corpus)
        table = score_rows(rows, corpus)
        boot = median_time(lambda: stats.bootstrap(table, args.bootstrap, 0), args.repeat)
        data = gather(table, corpus, manifest, args.bootstrap, 0)
        chart = median_time(lambda: charts.all_charts(data), args.repeat)
        build = median_time(lambda: build_report([run_dir], corpus, work / "reports" / "b", replicates=args.bootstrap),
                            args.repeat)
        resumed = median_time(lambda: subprocess.run(command, cwd=work, env=env, check=True, capture_output=True),
                              args.repeat)

    reviewers = len(table.reviewers)
    print(f"corpus {corpus.name} {corpus.hash[:12]}: {len(corpus.items)} items, {reviewers} reviewers, "
          f"{args.bootstrap} resamples, median of {args.repeat}")
    print(f"first compare (fresh cache, every analyzer runs)   {first:7.2f} s (once)")
    print(f"bootstrap, all reviewers                           {boot:7.2f} s ({boot / reviewers * 1000:.0f} ms each)")
    print(f"charts (4 SVGs)                                    {chart:7.2f} s")
    print(f"build_report from the run folder                   {build:7.2f} s")
    print(f"resumed compare, end to end                        {resumed:7.2f} s ({resumed / first:.2f} x the first)")


if __name__ == "__main__":
    main()
