"""How much does redpen-bench cost over running the four analyzers yourself?

In one process, round after round: the four raw tool commands back to back over a plain folder holding the
corpus's scored files under neutral names (ruff check, pylint at its default of one job, bandit -r, semgrep scan
with the shipped rules; each with JSON output), then `redpen-bench run --reviewer ruff,pylint,bandit,semgrep
--no-cache` into a fresh run folder, then the same run again into another fresh folder with the cache it just
filled. Prints the median wall times and their ratio.

    /work/venv/bin/python benchmarks/analyzers.py [--repeat 5] [--corpus DIR]

Goals: the redpen-bench run at most 0.6 x the raw tools back to back (about 0.5 on 2 cores, since it runs the
tools side by side and parsing, mapping and scoring cost almost nothing), and a cached re-run under 1 s.
Every round is checked: a raw tool that fails, or a run with error rows, stops the benchmark.
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
        "pylint": [executable("pylint"), "--output-format=json2", *files],
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
    args = parser.parse_args()

    from redpen_bench.cache import Cache
    from redpen_bench.corpus import load_corpus, packaged_path

    corpus = load_corpus(args.corpus)
    snippets = corpus.snippets
    rules = packaged_path("analyzers") / "semgrep" / "rules"
    redpen = [executable("redpen-bench")]

    with tempfile.TemporaryDirectory(prefix="redpen-bench-speed-") as tmp_name:
        tmp = Path(tmp_name)
        plain, home = tmp / "files", tmp / "home"
        plain.mkdir()
        home.mkdir()
        files = []
        for number, snippet in enumerate(snippets):
            name = f"f{number:04d}.py"
            shutil.copyfile(snippet.path, plain / name)
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
        raw: dict[str, list[float]] = {tool: [] for tool in TOOLS}
        raw_total, raw_cpu, fresh, fresh_cpu, cached = [], [], [], [], []
        inside: dict[str, list[float]] = {tool: [] for tool in TOOLS}
        for round_number in range(args.repeat + 1):  # round 0 warms the disk cache and byte-code, untimed
            times = {tool: timed(cmd, plain, env, OK_STATUS[tool], f"raw {tool}") for tool, cmd in commands.items()}
            run_dir, rerun_dir = tmp / f"run-{round_number}", tmp / f"rerun-{round_number}"
            fresh_s, fresh_c = timed([*base, "--no-cache", "--out", str(run_dir)], tmp, env, {0}, "redpen-bench run")
            check_run(run_dir, len(snippets) * len(TOOLS))
            cached_s, _ = timed([*base, "--out", str(rerun_dir)], tmp, env, {0}, "redpen-bench run (cached)")
            hits = check_run(rerun_dir, len(snippets) * len(TOOLS))
            if hits < len(snippets) * len(TOOLS):  # a profile or rule file edited while this ran
                print(f"warning: the cached re-run ran tools for {len(snippets) * len(TOOLS) - hits} rows",
                      file=sys.stderr)
            label = "warm-up" if round_number == 0 else f"round {round_number}"
            total = sum(wall for wall, _ in times.values())
            print(f"{label}: raw " + " + ".join(f"{t} {w:.2f}" for t, (w, _) in times.items())
                  + f" = {total:.2f} s; redpen-bench {fresh_s:.2f} s; cached {cached_s:.2f} s; "
                  f"load {os.getloadavg()[0]:.1f}", file=sys.stderr)
            if round_number == 0:
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

    median = statistics.median
    load = os.getloadavg()[1]  # other work on the machine slows the side-by-side run more than the serial one
    print(f"corpus {corpus.name} {corpus.hash[:12]}: {len(corpus.items)} items, {len(snippets)} scored files; "
          f"{os.cpu_count()} cores (5-min load average at the end {load:.1f}); medians of {args.repeat} rounds")
    width = 44
    for tool in TOOLS:
        print(f"  raw {tool}".ljust(width) + f"{median(raw[tool]):7.2f} s")
    ratio = median(fresh) / median(raw_total)
    print("raw tools back to back".ljust(width) + f"{median(raw_total):7.2f} s")
    print("redpen-bench run --no-cache (4 analyzers)".ljust(width) + f"{median(fresh):7.2f} s")
    for tool in TOOLS:
        print(f"  {tool} inside the run".ljust(width) + f"{median(inside[tool]):7.2f} s")
    print("ratio redpen-bench / raw".ljust(width) + f"{ratio:7.2f}    (goal <= 0.6; about 0.5 on 2 cores)")
    print("redpen-bench run, cached re-run".ljust(width) + f"{median(cached):7.2f} s  (goal < 1 s)")
    # CPU time hardly depends on what else the machine runs: it shows the harness's own cost
    print("CPU: raw back to back / redpen-bench".ljust(width)
          + f"{median(raw_cpu):7.2f} s / {median(fresh_cpu):.2f} s")


if __name__ == "__main__":
    main()
