"""How does redpen-bench grow with the corpus? Times and peak memory of every command at 1x, 10x and 50x.

The corpus is copied N times (`scale_corpus`): each copy of an item gets its own id (`e01-invoice-tax-c07`)
and a changed comment appended to every Python file (`# scale copy 8 of 50`), so the verdict cache and the tools
cannot skip a copy, and no planted line moves. The copies are copies: `verify` fails their distinctness gate at
10x and 50x, and its time and memory are reported whatever its exit status.

Per scale, in a temporary folder with its own verdict cache and HOME, each command a process of its own:
`run` (baselines and every analyzer profile, empty cache), `score` and `report` of that run folder, `compare`
cold (another empty cache, a new run folder: what a first comparison costs) and warm (the same command again:
nothing asked, everything reported), `verify` (the whole gate, killability included), and the distinctness
check alone. Wall time, the peak resident memory of the largest process of the command (`ru_maxrss` from
wait4: analyzer subprocesses count when they are the largest), and the ratio to 1x.

    python benchmarks/scale.py [--scales 1,10,50] [--bootstrap 2000] [--keep DIR [--reuse]] [--repeat N]
                               [--only compare-warm,verify]

`--generated`: mutate -> verify -> compare on a generated corpus under each --executor (scale_generated.py).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
STEPS = ("run", "score", "report", "compare-cold", "compare-warm", "verify", "distinctness")
REPEATABLE = {"score", "report", "compare-warm", "verify", "distinctness"}  # the same work each time: --repeat
TARGETS = {  # the goals of issue 12, checked against what is measured
    "compare-warm": "10x <= 2 x 1x; 50x <= 10 s and <= 500 MiB",
    "distinctness": "50x <= 30 s",
}
DISTINCTNESS = ("import sys; from redpen_bench.model.corpus import load_corpus; "
                "from redpen_bench.gate.distinctness import run_distinctness; "
                "d = run_distinctness(load_corpus(sys.argv[1])); "
                "print(len(d.pair_failures), d.most_similar)")


def scale_corpus(source: Path, target: Path, copies: int) -> Path:
    """`copies` copies of every item of the corpus at `source`, each with its own id and comment."""
    target.mkdir(parents=True)
    for path in source.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        if path.name == "corpus.toml":
            text = re.sub(r'^name = "(.*)"$', rf'name = "\1-x{copies}"', text, count=1, flags=re.MULTILINE)
        (target / path.name).write_text(text, encoding="utf-8")
    for folder in sorted(p for p in (source / "items").iterdir() if p.is_dir()):
        for k in range(copies):
            item_id = f"{folder.name}-c{k:02d}"
            copy = target / "items" / item_id
            copy.mkdir(parents=True)
            for path in folder.iterdir():
                if not path.is_file() or path.name.startswith("."):
                    continue
                text = path.read_text(encoding="utf-8")
                if path.name == "item.toml":
                    text = re.sub(r'^id = ".*"$', f'id = "{item_id}"', text, count=1, flags=re.MULTILINE)
                elif path.suffix == ".py":  # appended: every planted line keeps its number
                    text = text + ("" if text.endswith("\n") else "\n") + f"# scale copy {k + 1} of {copies}\n"
                (copy / path.name).write_text(text, encoding="utf-8")
    return target


@dataclass
class Measure:
    seconds: float
    cpu: float  # user + system of the command and every process it waited for: what a busy machine disturbs less
    peak_mib: float
    status: int


def measure(command: list[str], cwd: Path, env: dict[str, str], log: Path) -> Measure:
    """Wall time and ru_maxrss of one command (its largest process), its output kept in `log`."""
    with log.open("wb") as out:
        started = time.perf_counter()
        proc = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=out)
        _, status, usage = os.wait4(proc.pid, 0)  # the child's own rusage, not every child's so far
        seconds = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Measure(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode)


def commands(corpus: Path, work: Path, specs: str, bootstrap: int) -> dict[str, tuple[list[str], dict]]:
    """step -> (arguments after `python -m redpen_bench`, or a python -c script; env overrides)."""
    cold, warm = {"REDPEN_CACHE": str(work / "cache-run.sqlite3")}, {"REDPEN_CACHE": str(work / "cache-cmp.sqlite3")}
    corpus_arg = ["--corpus", str(corpus)]
    # pylint alone needs minutes on 8,800 files: no tool may time out, or the warm compare would rerun it
    compare = ["compare", *corpus_arg, "--runs", str(work / "runs"), "--out", str(work / "reports"),
               "--name", "compare", "--seed", "0", "--bootstrap", str(bootstrap), "--timeout", "14400"]
    return {
        "run": (["run", "--reviewer", specs, *corpus_arg, "--out", str(work / "run"), "--seed", "0",
                 "--timeout", "14400"], cold),
        "score": (["score", str(work / "run"), *corpus_arg], cold),
        "report": (["report", str(work / "run"), *corpus_arg, "--out", str(work / "reports"), "--name", "report",
                    "--bootstrap", str(bootstrap)], cold),
        "compare-cold": (compare, warm),
        "compare-warm": (compare, warm),
        "verify": (["verify", *corpus_arg], cold),
        "distinctness": (["-c", DISTINCTNESS, str(corpus)], cold),
    }


def run_scale(copies: int, work: Path, steps: list[str], bootstrap: int, base_env: dict,
              repeat: int = 1) -> dict[str, Measure]:
    from redpen_bench.api import BASELINES, analyzer_specs
    from redpen_bench.model.corpus_files import default_corpus_path

    corpus = work / "corpus"
    if not corpus.is_dir():  # --reuse keeps the copies (and the runs and caches) of an earlier --keep
        scale_corpus(default_corpus_path(), corpus, copies)
    home = work / "home"
    home.mkdir(exist_ok=True)
    env = base_env | {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
                      "XDG_CACHE_HOME": str(home / ".cache")}
    specs = ",".join([*BASELINES, *analyzer_specs()])
    results = {}
    for step, (args, extra) in commands(corpus, work, specs, bootstrap).items():
        if step not in steps:
            continue
        command = [sys.executable, *args] if args[0] == "-c" else [sys.executable, "-m", "redpen_bench", *args]
        rounds = []
        for _ in range(repeat if step in REPEATABLE else 1):
            result = measure(command, work, env | extra, work / f"{step}.log")
            rounds.append(result)
            print(f"  {copies:>3}x {step:<13} {result.seconds:8.2f} s {result.cpu:8.2f} s CPU "
                  f"{result.peak_mib:6.0f} MiB exit {result.status}  (load {os.getloadavg()[0]:.1f})",
                  file=sys.stderr, flush=True)
        results[step] = sorted(rounds, key=lambda m: m.seconds)[len(rounds) // 2]  # the median round
    return results


def table(results: dict[int, dict[str, Measure]], items: int) -> str:
    """The Markdown table: per step, each scale's time and peak memory, and the ratio to the smallest scale."""
    scales = sorted(results)
    base = scales[0]
    head = "| step | " + " | ".join(f"{s}x ({s * items * 4} snippets)" for s in scales) + " |"
    lines = [head, "|---|" + "---|" * len(scales)]
    for step in STEPS:
        if not all(step in results[s] for s in scales):
            continue
        cells = []
        for s in scales:
            m = results[s][step]
            ratio = m.seconds / results[base][step].seconds
            mark = "" if m.status == 0 else f", exit {m.status}"
            cells.append(f"{m.seconds:.2f} s ({ratio:.1f}x), {m.cpu:.1f} s CPU, {m.peak_mib:.0f} MiB{mark}")
        lines.append(f"| {step} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scales", default="1,10,50", help="Copies of the corpus, comma-separated.")
    parser.add_argument("--bootstrap", type=int, default=2000)
    parser.add_argument("--only", default=",".join(STEPS), help=f"Steps to time, of {', '.join(STEPS)}.")
    parser.add_argument("--keep", type=Path, default=None, help="Work here and keep the folders (else a temp dir).")
    parser.add_argument("--reuse", action="store_true",
                        help="With --keep: use the copies, runs and caches already there (time warm steps again).")
    parser.add_argument("--repeat", type=int, default=1,
                        help=f"Rounds of the repeatable steps ({', '.join(sorted(REPEATABLE))}); the median is shown.")
    parser.add_argument("--generated", action="store_true", help="Time mutate -> verify -> compare of a generated "
                        "corpus per executor (benchmarks/scale_generated.py).")
    parser.add_argument("--max-items", type=int, default=450, help="--generated: items mutate keeps.")
    parser.add_argument("--executors", default="local,dask:local", help="--generated: executors to time.")
    parser.add_argument("--jobs", type=int, default=2, help="--generated: --jobs of mutate and verify.")
    parser.add_argument("--analyzers", default="ruff,bandit,pylint,semgrep", help="--generated: compare's tools.")
    parser.add_argument("--source", type=Path, default=ROOT / "corpus", help="--generated: the corpus mutated.")
    args = parser.parse_args()
    steps = [s for s in args.only.split(",") if s]
    if args.reuse and args.keep is None:
        sys.exit("benchmarks/scale.py: --reuse needs --keep DIR (the folder of an earlier --keep)")
    unknown = set(steps) - set(STEPS)
    if unknown:
        sys.exit(f"benchmarks/scale.py: unknown steps {sorted(unknown)}; known: {', '.join(STEPS)}")
    # the checked-out code, whatever redpen-bench the interpreter has installed; tools' own settings kept out
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RUFF_", "PYLINT", "BANDIT", "SEMGREP_"))}
    env |= {"PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])]),
            "SEMGREP_ENABLE_VERSION_CHECK": "0", "SEMGREP_SEND_METRICS": "off", "PYTHONDONTWRITEBYTECODE": "1"}
    if args.generated:
        from benchmarks.scale_generated import run_generated

        run_generated(args, env, measure, [sys.executable, "-m", "redpen_bench"])
        return
    from redpen_bench.model.corpus import load_corpus

    items = len(load_corpus().items)
    root = args.keep or Path(tempfile.mkdtemp(prefix="redpen-bench-scale-"))
    results = {}
    try:
        for copies in (int(s) for s in args.scales.split(",")):
            work = root / f"x{copies}"
            if work.exists() and not args.reuse:
                shutil.rmtree(work)
            work.mkdir(parents=True, exist_ok=True)
            results[copies] = run_scale(copies, work, steps, args.bootstrap, env, args.repeat)
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores, {args.bootstrap} resamples")
    print(table(results, items))
    for step, target in TARGETS.items():
        print(f"target {step}: {target}")


if __name__ == "__main__":
    main()
