"""Does a first run against a local model finish in about the server's own busy time?

Starts llama-cpp-python's server with SmolLM2-135M (tests/llama_server.py, --verbose so llama.cpp logs each
request's own time), then runs `redpen-bench run -r openai:smollm2-135m --base-url ...` with the defaults over
the shipped corpus (or its first --limit items) at each concurrency asked, each into a fresh folder and cache.
Prints, per concurrency: the run's wall time, the sum of the server's per-request times (llama.cpp's
`total time`), their ratio (goal <= 1.2), requests the server computed (to their end, or cut when the client
left), rows stored, and requests computed for nothing (computed but not stored, or abandoned mid-answer).

    python benchmarks/llm_local.py [--limit N] [--concurrency default,8] [--threads 1] [--keep DIR] [-- RUN OPTIONS]

--keep DIR keeps each run folder (DIR/run-cN) and the server's log, to use the verdicts elsewhere.

`default` runs without --concurrency (1 for a server on 127.0.0.1).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.llama_server import MODEL_NAME, LlamaServer  # noqa: E402


def one_run(server: LlamaServer, work: Path, concurrency: str, limit: int | None, extra: list[str]) -> dict:
    before_busy, before_cut = len(server.busy_ms()), server.tail(10**9).count("disconnected")
    out = work / f"run-c{concurrency}"
    env = dict(os.environ, REDPEN_CACHE=str(work / f"cache-c{concurrency}.sqlite3"))
    command = [sys.executable, "-m", "redpen_bench", "run", "-r", f"openai:{MODEL_NAME}", "--base-url", server.url,
               "--out", str(out), *(["--limit", str(limit)] if limit else []),
               *([] if concurrency == "default" else ["--concurrency", concurrency]), *extra]
    started = time.perf_counter()
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    time.sleep(1)  # the server's last log lines
    busy = server.busy_ms()[before_busy:]
    cut = server.tail(10**9).count("disconnected") - before_cut
    rows = sum(1 for line in (out / "verdicts.jsonl").read_text().splitlines() if line.strip()) \
        if (out / "verdicts.jsonl").exists() else 0
    errors = (out / "verdicts.jsonl").read_text().count('"error": "') if rows else 0
    return {"concurrency": concurrency, "exit": proc.returncode, "wall_s": wall, "busy_s": sum(busy) / 1000,
            "computed": len(busy), "cut": cut, "rows": rows, "errors": errors,
            "for_nothing": max(0, len(busy) - (rows - errors)) + cut, "tail": proc.stderr.strip()[-300:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N items of the shipped corpus")
    parser.add_argument("--concurrency", default="default,8", help="comma-separated; 'default' sends none")
    parser.add_argument("--threads", type=int, default=1, help="the server's --n_threads")
    parser.add_argument("--keep", type=Path, default=None, help="keep run folders and the server log here")
    parser.add_argument("extra", nargs="*", help="more `redpen-bench run` options, after --")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        with LlamaServer.start(work / "server.log", threads=args.threads, verbose=True) as server:
            load = os.getloadavg()[0]
            results = [one_run(server, work, c, args.limit, args.extra) for c in args.concurrency.split(",")]
    print(f"SmolLM2-135M Q4_1, llama-cpp-python server, --n_threads {args.threads}; "
          f"{'first ' + str(args.limit) + ' items' if args.limit else 'the shipped corpus'}; "
          f"1-minute load average at start {load:.1f}")
    print("| concurrency | wall | server busy (sum) | wall / busy | computed | cut mid-answer | rows (errors) "
          "| computed for nothing |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        ratio = r["wall_s"] / r["busy_s"] if r["busy_s"] else float("nan")
        print(f"| {r['concurrency']} | {r['wall_s']:.1f} s | {r['busy_s']:.1f} s | {ratio:.2f} | {r['computed']} "
              f"| {r['cut']} | {r['rows']} ({r['errors']}) | {r['for_nothing']} |")
        if r["exit"] != 0:
            print(f"  exit {r['exit']}: {r['tail']}")


if __name__ == "__main__":
    main()
