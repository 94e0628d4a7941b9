"""`benchmarks/scale.py --generated`: mutate -> verify -> compare on a generated corpus, per executor.

`mutate --from-corpus` of the shipped corpus makes the generated corpus (--max-items bounds it; each item is 2
to 3 scored snippets); `verify` gates it, killability included; `compare` runs the baselines and the analyzer
profiles (--analyzers) with an empty verdict cache. Each step is one process, timed per executor (local,
dask:local, or any dask:ADDRESS): wall time, CPU (the command and every process it reaped: a LocalCluster's
workers count) and the peak resident memory of its largest process. The corpus `mutate` makes under each
executor is compared byte for byte with the local one.

    python benchmarks/scale.py --generated [--max-items 450] [--executors local,dask:local] [--jobs 2]
                                           [--analyzers ruff,bandit] [--keep DIR]
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path


def digest(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def run_generated(args, env: dict, measure, python: list[str]) -> None:
    root = args.keep or Path(tempfile.mkdtemp(prefix="redpen-bench-generated-"))
    rows, digests = [], {}
    try:
        for executor in args.executors.split(","):
            work = root / executor.replace(":", "-").replace("/", "")
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir(parents=True)
            corpus = work / "generated"
            step_env = env | {"REDPEN_CACHE": str(work / "cache.sqlite3")}
            ex = ["--executor", executor]
            steps = {
                "mutate": ["mutate", "--from-corpus", str(args.source), "--out", str(corpus), "--seed", "0",
                           "--max-items", str(args.max_items), "--jobs", str(args.jobs), *ex],
                "verify": ["verify", "--corpus", str(corpus), "--jobs", str(args.jobs), *ex],
                "compare": ["compare", "--corpus", str(corpus), "--runs", str(work / "runs"), "--out",
                            str(work / "reports"), "--analyzers", args.analyzers, "--bootstrap", "200",
                            "--timeout", "14400", *ex],
            }
            for step, command in steps.items():
                m = measure([*python, *command], work, step_env, work / f"{step}.log")
                rows.append((executor, step, m))
                if step == "mutate":
                    from redpen_bench.model.corpus import load_corpus

                    snippets = len(load_corpus(corpus).snippets) if m.status == 0 else 0
                    digests[executor] = (digest(corpus) if m.status == 0 else "failed", snippets)
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    print("| executor | step | wall s | CPU s | peak MiB | exit |\n|---|---|---:|---:|---:|---:|")
    for executor, step, m in rows:
        print(f"| {executor} | {step} | {m.seconds:.1f} | {m.cpu:.1f} | {m.peak_mib:.0f} | {m.status} |")
    for executor, (sha, snippets) in digests.items():
        print(f"{executor}: {snippets} snippets, corpus sha256 {sha[:16]}")
    print("byte-identical corpora:", len({sha for sha, _ in digests.values()}) == 1)
