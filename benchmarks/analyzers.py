"""How much does redpen-bench cost over running the four analyzers yourself?

In one process, round after round: the four raw tool commands back to back over a plain folder holding the
corpus's scored files under neutral names (ruff check, pylint at its default of one job, bandit -r, semgrep scan
with the shipped rules; each with JSON output), then `redpen-bench run --reviewer ruff,pylint,bandit,semgrep
--no-cache` into a fresh run folder, then the same run again into another fresh folder with the cache it just
filled, then a cold `redpen-bench compare --no-cache` (baselines and every shipped analyzer profile, scored and
reported) into fresh folders. Prints the median wall times and the ratios to the raw tools: the median of each
round's own ratio (the paired figure: a round's raw tools and redpen-bench ran minutes apart at most, under the
same load) and the ratio of the medians.

    python benchmarks/analyzers.py [--repeat 5] [--corpus DIR] [--warm-up 1] [--no-compare]

On a large generated corpus (10,000 snippets: raw pylint alone takes minutes) `--repeat 1 --warm-up 0
--no-compare` times one round of the raw tools against one redpen-bench run. A generated corpus repeats
contents (the repairs of one function's mutants are one file), and redpen-bench lints each distinct content
once: `--distinct` gives the raw tools one file per distinct content too, the least work with the same answer.

Goals: the redpen-bench run at most 0.6 x the raw tools back to back (about 0.5 on 2 cores, since it runs the
tools side by side and parsing, mapping and scoring cost almost nothing), a cold compare at most 0.8 x (on the
way to 0.6), and a cached re-run under 1 s. Every round is checked: a raw tool that fails, or a run with error
rows, stops the benchmark.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOOLS = ("ruff", "pylint", "bandit", "semgrep")
OK_STATUS = {"ruff": {0, 1}, "pylint": set(range(32)), "bandit": {0, 1}, "semgrep": {0}}


def executable(name: str) -> str:
    beside = Path(sys.executable).parent / name  # the venv's tools, as redpen-bench finds them
    found = str(beside) if beside.is_file() else shutil.which(name)
    if not found:
        sys.exit(f"benchmarks/analyzers.py: {name} not found beside {sys.executable} nor on PATH")
    return found


def raw_commands(files: list[str], rules: Path) -> dict[str, list[str]]:
    """Each tool's plain batch command with JSON output, as a user would type it."""
    return {
        "ruff": [executable("ruff"), "check", "--no-cache", "--output-format=json", "."],
        # duplicate-code compares every file with every other: redpen-bench never runs it (a snippet's verdict
        # must depend on that snippet alone), so the raw run without it is the same work
        "pylint": [executable("pylint"), "--output-format=json2", "--disable=duplicate-code", *files],
        "bandit": [executable("bandit"), "-r", ".", "-f", "json", "-q"],
        "semgrep": [executable("semgrep"), "scan", "--json", "--quiet", f"--config={rules}", "--metrics=off",
                    "--disable-version-check", "."],
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], cwd: Path, env: dict[str, str], ok: set[int], what: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and every process it waited for)."""
    cpu, started = _children_cpu(), time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True)
    elapsed, cpu = time.perf_counter() - started, _children_cpu() - cpu
    if proc.returncode not in ok:
        tail = proc.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        sys.exit(f"benchmarks/analyzers.py: {what} exited with status {proc.returncode}: {' | '.join(tail)}")
    return elapsed, cpu


def compare_run_dir(runs: Path) -> Path:
    """The run folder `compare` made under --runs (its name carries the corpus and options hashes)."""
    found = sorted(runs.iterdir())
    if len(found) != 1:
        sys.exit(f"benchmarks/analyzers.py: expected one run folder in {runs}, found {len(found)}")
    return found[0]


def reviewer_seconds(run_dir: Path) -> dict[str, float]:
    """Each reviewer's own time inside the run, from the manifest: which tool the side-by-side run waits for."""
    manifest = json.loads((run_dir / "manifest.json").read_text())
    return {key: entry.get("seconds", float("nan")) for key, entry in manifest["reviewers"].items()}


def check_run(run_dir: Path, expected_rows: int) -> int:
    """A timing of a run that failed means nothing: every snippet answered by every tool, without error.
    Returns how many rows were answered from the cache."""
    rows = [json.loads(line) for line in (run_dir / "verdicts.jsonl").read_text().splitlines() if line.strip()]
    errors = [r for r in rows if r.get("error")]
    if errors:
        sys.exit(f"benchmarks/analyzers.py: {run_dir}: {len(errors)} error rows, "
                 f"e.g. {errors[0]['reviewer']}: {errors[0]['error']}")
    if len(rows) != expected_rows:
        sys.exit(f"benchmarks/analyzers.py: {run_dir}: {len(rows)} rows, expected {expected_rows}")
    return sum(bool(r.get("cached")) for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds (default 5), after one warm-up round")
    parser.add_argument("--corpus", type=Path, default=None, help="corpus folder (default: the shipped corpus)")
    parser.add_argument("--warm-up", type=int, default=1, help="untimed rounds first (default 1)")
    parser.add_argument("--no-compare", action="store_true", help="time the tools and the run, not compare")
    parser.add_argument("--distinct", action="store_true", help="raw tools on one file per distinct content")
    args = parser.parse_args()

    from redpen_bench.api import BASELINES, analyzer_specs
    from redpen_bench.model.corpus import load_corpus
    from redpen_bench.model.corpus_files import packaged_path
    from redpen_bench.run.cache import Cache

    corpus = load_corpus(args.corpus)
    snippets = corpus.snippets
    rules = packaged_path("analyzers") / "semgrep" / "rules"
    redpen = [executable("redpen-bench")]

    with tempfile.TemporaryDirectory(prefix="redpen-bench-speed-") as tmp_name:
        tmp = Path(tmp_name)
        plain, home = tmp / "files", tmp / "home"
        plain.mkdir()
        home.mkdir()
        files, seen = [], set()
        for number, snippet in enumerate(snippets):
            content = snippet.path.read_bytes()
            if args.distinct and content in seen:
                continue
            seen.add(content)
            name = f"f{number:04d}.py"
            (plain / name).write_bytes(content)
            files.append(name)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("RUFF_", "PYLINT", "BANDIT", "SEMGREP_"))}
        # offline semgrep stalls on its version check and metrics unless told not to; HOME keeps settings out
        env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"),
                   SEMGREP_ENABLE_VERSION_CHECK="0", SEMGREP_SEND_METRICS="off",
                   REDPEN_CACHE=str(tmp / "cache.sqlite3"), PYTHONDONTWRITEBYTECODE="1")
        # created before the first run: four reviewers opening a brand-new cache file at once can race on it
        Cache(tmp / "cache.sqlite3")
        commands = raw_commands(files, rules)
        reviewers = ",".join(TOOLS)
        base = [*redpen, "run", "--reviewer", reviewers, "--corpus", str(corpus.root)]
        compare = [*redpen, "compare", "--no-cache", "--seed", "0", "--corpus", str(corpus.root)]
        compare_reviewers = len(analyzer_specs()) + len(BASELINES)
        raw: dict[str, list[float]] = {tool: [] for tool in TOOLS}
        raw_total, raw_cpu, fresh, fresh_cpu, cached, cold, cold_cpu = [], [], [], [], [], [], []
        inside: dict[str, list[float]] = {tool: [] for tool in TOOLS}
        inside_compare: dict[str, list[float]] = {}
        for round_number in range(1 - args.warm_up, args.repeat + 1):  # rounds <= 0 warm the disk cache, untimed
            times = {tool: timed(cmd, plain, env, OK_STATUS[tool], f"raw {tool}") for tool, cmd in commands.items()}
            run_dir, rerun_dir = tmp / f"run-{round_number}", tmp / f"rerun-{round_number}"
            fresh_s, fresh_c = timed([*base, "--no-cache", "--out", str(run_dir)], tmp, env, {0}, "redpen-bench run")
            check_run(run_dir, len(snippets) * len(TOOLS))
            cached_s = float("nan")
            if args.warm_up:  # the warm-up round's cached run filled the cache; without one it stays empty
                cached_s, _ = timed([*base, "--out", str(rerun_dir)], tmp, env, {0}, "redpen-bench run (cached)")
                hits = check_run(rerun_dir, len(snippets) * len(TOOLS))
                if hits < len(snippets) * len(TOOLS) and round_number > 0:  # a profile edited while this ran
                    print(f"warning: the cached re-run ran tools for {len(snippets) * len(TOOLS) - hits} rows",
                          file=sys.stderr)
            cold_s, cold_c, compare_dir = float("nan"), float("nan"), None
            if not args.no_compare:
                runs = tmp / f"compare-runs-{round_number}"
                cold_s, cold_c = timed([*compare, "--runs", str(runs), "--out", str(tmp / "reports"), "--name",
                                        f"round-{round_number}"], tmp, env, {0}, "redpen-bench compare")
                compare_dir = compare_run_dir(runs)
                check_run(compare_dir, len(snippets) * compare_reviewers)
            label = "warm-up" if round_number <= 0 else f"round {round_number}"
            total = sum(wall for wall, _ in times.values())
            print(f"{label}: raw " + " + ".join(f"{t} {w:.2f}" for t, (w, _) in times.items())
                  + f" = {total:.2f} s; redpen-bench {fresh_s:.2f} s; cached {cached_s:.2f} s; "
                  f"compare {cold_s:.2f} s; load {os.getloadavg()[0]:.1f}", file=sys.stderr)
            if round_number <= 0:
                continue
            for tool, (wall, _) in times.items():
                raw[tool].append(wall)
            raw_total.append(total)
            raw_cpu.append(sum(c for _, c in times.values()))
            fresh.append(fresh_s)
            fresh_cpu.append(fresh_c)
            for tool, seconds in reviewer_seconds(run_dir).items():
                inside[tool].append(seconds)
            cached.append(cached_s)
            cold.append(cold_s)
            cold_cpu.append(cold_c)
            for key, seconds in reviewer_seconds(compare_dir).items() if compare_dir else ():
                inside_compare.setdefault(key, []).append(seconds)

    median = statistics.median
    load = os.getloadavg()[1]  # other work on the machine slows the side-by-side run more than the serial one
    print(f"corpus {corpus.name} {corpus.hash[:12]}: {len(corpus.items)} items, {len(snippets)} scored files "
          f"({len(files)} given to the raw tools); "
          f"{os.cpu_count()} cores (5-min load average at the end {load:.1f}); medians of {args.repeat} rounds")
    width = 44
    for tool in TOOLS:
        print(f"  raw {tool}".ljust(width) + f"{median(raw[tool]):7.2f} s")
    print("raw tools back to back".ljust(width) + f"{median(raw_total):7.2f} s")
    print("redpen-bench run --no-cache (4 analyzers)".ljust(width) + f"{median(fresh):7.2f} s")
    for tool in TOOLS:
        print(f"  {tool} inside the run".ljust(width) + f"{median(inside[tool]):7.2f} s")
    print("ratio run / raw".ljust(width) + ratios(fresh, raw_total) + "  (goal <= 0.6; about 0.5 on 2 cores)")
    if args.warm_up:
        print("redpen-bench run, cached re-run".ljust(width) + f"{median(cached):7.2f} s  (goal < 1 s)")
    if not args.no_compare:
        print(f"redpen-bench compare --no-cache ({compare_reviewers})".ljust(width) + f"{median(cold):7.2f} s")
        slowest = sorted(inside_compare, key=lambda key: -median(inside_compare[key]))[:4]
        for key in slowest:
            print(f"  {key} inside the compare".ljust(width) + f"{median(inside_compare[key]):7.2f} s")
        print("ratio compare / raw".ljust(width) + ratios(cold, raw_total) + "  (goal <= 0.8, on the way to 0.6)")
    # CPU time hardly depends on what else the machine runs: it shows the harness's own cost
    compare_cpu = "-" if args.no_compare else f"{median(cold_cpu):.2f} s"
    print("CPU: raw back to back / run / compare".ljust(width)
          + f"{median(raw_cpu):7.2f} s / {median(fresh_cpu):.2f} s / {compare_cpu}")


def ratios(times: list[float], raw: list[float]) -> str:
    """The median of the paired ratios (each round's own), then the ratio of the medians."""
    paired = statistics.median(t / r for t, r in zip(times, raw))
    return f"{paired:7.2f}    (ratio of medians {statistics.median(times) / statistics.median(raw):.2f})"


if __name__ == "__main__":
    main()
