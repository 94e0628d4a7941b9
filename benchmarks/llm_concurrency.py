"""How close does an LLM run come to the ideal wall time? A local server answers every request after 200 ms;
176 requests at --concurrency 16 ideally take 176 / 16 x 0.2 s = 2.2 s.

The server runs in its own process (tests/llm_http_server.py) so it does not share this one's GIL; the real
openai SDK talks to it over a socket. Each repeat uses a fresh run folder and a fresh cache, so every request
is sent. Prints the median wall time, its ratio to the ideal (goal <= 1.25), the overhead per request (wall
time beyond the ideal spread over each request in sequence, client-side latency beyond the server's delay, CPU
time of this process), the same requests sent by the bare SDK without the harness (so the harness's own
overhead is the difference), the harness alone with the SDK call replaced by a sleep (no HTTP at all), the
machine's load, and the time of a re-run served from cache.

    /work/venv/bin/python benchmarks/llm_concurrency.py [--repeats 5] [--concurrency 16] [--delay 0.2]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REQUESTS = 176


def start_server(delay: float) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen([sys.executable, str(ROOT / "tests" / "llm_http_server.py"), "--delay", str(delay)],
                              stdout=subprocess.PIPE, text=True)
    port = server.stdout.readline().strip()
    return server, f"http://127.0.0.1:{port}/v1"


def corpus_and_samples():
    from redpen_bench.model.corpus import load_corpus

    corpus = load_corpus(None)
    if len(corpus.snippets) >= REQUESTS:
        return corpus, 1, "shipped corpus"
    corpus = load_corpus(ROOT / "tests" / "fixtures" / "corpus")
    return corpus, math.ceil(REQUESTS / len(corpus.snippets)), "fixture corpus with --samples"


def one_run(corpus, samples: int, base_url: str, concurrency: int, work: Path):
    from redpen_bench.reviewers.base import ReviewOptions
    from redpen_bench.run.folder import RunFolder
    from redpen_bench.run.runner import run_reviewers

    options = ReviewOptions(base_url=base_url, concurrency=concurrency, samples=samples,
                            cache=work / "cache.sqlite3")  # a fresh work folder: nothing cached yet
    out = work / f"run-{time.monotonic_ns()}"
    cpu, wall = time.process_time(), time.perf_counter()
    run_reviewers(corpus, ["openai:bench-model"], out, options)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rows = RunFolder(out).rows()
    assert len(rows) == len(corpus.snippets) * samples and not any(r["error"] for r in rows), "requests failed"
    return wall, cpu, rows


def bare_sdk(corpus, samples: int, base_url: str, concurrency: int) -> tuple[float, float]:
    """The same requests straight through AsyncOpenAI and a semaphore: no cache, no rows, no retries. What the
    SDK, the server and this machine cost without the harness; the harness's overhead is what it adds."""
    import asyncio

    from openai import AsyncOpenAI

    from redpen_bench.reviewers.llm.prompt import load_prompt

    prompt = load_prompt(None)
    prompts = [prompt.render(v.text) for v in corpus.snippets for _ in range(samples)]

    async def go() -> tuple[float, float]:
        gate = asyncio.Semaphore(concurrency)
        async with AsyncOpenAI(api_key="benchmark-placeholder", base_url=base_url, max_retries=0) as client:
            async def one(text: str) -> None:
                async with gate:
                    await client.chat.completions.create(model="bench-model", temperature=0,
                                                         messages=[{"role": "user", "content": text}])

            cpu, wall = time.process_time(), time.perf_counter()
            await asyncio.gather(*(one(text) for text in prompts))
            return time.perf_counter() - wall, time.process_time() - cpu

    return asyncio.run(go())


def harness_alone(corpus, samples: int, concurrency: int, delay: float, work: Path) -> tuple[float, float]:
    """The harness with the SDK call replaced by a sleep of the server's delay: pool, cache, parsing and rows,
    no HTTP. What the harness costs on its own."""
    import asyncio

    from redpen_bench.model.rows import VerdictRow
    from redpen_bench.reviewers.base import ReviewOptions, Task
    from redpen_bench.reviewers.llm.openai_chat import OpenAIChat
    from redpen_bench.reviewers.llm.reviewer import Answer
    from redpen_bench.run.cache import open_cache
    from redpen_bench.run.folder import RunFolder

    class Sleeper(OpenAIChat):
        def make_client(self):
            return _NoClient()

        async def ask(self, client, prompt):
            await asyncio.sleep(delay)
            return Answer("DEFECT: yes\nLINES: 2\nEXPLANATION: off-by-one", len(prompt) // 4, 20)

    folder = RunFolder(work / "alone")
    folder.open_for(corpus)
    options = ReviewOptions(base_url="http://127.0.0.1:9/v1", concurrency=concurrency,
                            cache=open_cache(work / "alone.sqlite3"), corpus=corpus)
    tasks = [Task(v, s) for v in corpus.snippets for s in range(samples)]

    def emit(task, verdict, **meta):
        folder.append(VerdictRow.of("alone", task.snippet.item_id, task.snippet.name, verdict, task.sample, **meta))

    cpu, wall = time.process_time(), time.perf_counter()
    Sleeper("bench-model", options).review(tasks, emit)
    return time.perf_counter() - wall, time.process_time() - cpu


class _NoClient:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--delay", type=float, default=0.2)
    args = parser.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "benchmark-placeholder")
    sys.path.insert(0, str(ROOT))
    corpus, samples, source = corpus_and_samples()
    requests = len(corpus.snippets) * samples
    ideal = math.ceil(requests / args.concurrency) * args.delay
    server, base_url = start_server(args.delay)
    try:
        import openai  # noqa: F401  (the SDK's import is start-up, not per-request overhead)

        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            one_run(corpus, 1, base_url, args.concurrency, work / "warm")  # connections, lazy imports
            walls, cpus, latencies, bare_walls, bare_cpus = [], [], [], [], []
            for n in range(args.repeats):  # interleaved, so both see the same machine load
                wall, cpu, rows = one_run(corpus, samples, base_url, args.concurrency, work / f"r{n}")
                walls.append(wall)
                cpus.append(cpu)
                latencies.append(statistics.mean(r["latency_s"] for r in rows))
                bare_wall, bare_cpu = bare_sdk(corpus, samples, base_url, args.concurrency)
                bare_walls.append(bare_wall)
                bare_cpus.append(bare_cpu)
            alone_wall, alone_cpu = harness_alone(corpus, samples, args.concurrency, args.delay, work)
            cached_wall, _, cached_rows = one_run(corpus, samples, base_url, args.concurrency, work / "r0")
            assert all(r["cached"] for r in cached_rows)
    finally:
        server.terminate()
        server.wait()
    wall = statistics.median(walls)
    waves = math.ceil(requests / args.concurrency)
    print(f"{requests} requests ({source}), concurrency {args.concurrency}, server delay {args.delay * 1000:.0f} ms, "
          f"{args.repeats} repeats")
    print(f"ideal wall time            {ideal:.3f} s")
    print(f"median wall time           {wall:.3f} s   (min {min(walls):.3f}, max {max(walls):.3f})")
    print(f"ratio to ideal             {wall / ideal:.3f}   (goal <= 1.25)")
    print(f"overhead per request       {(wall - ideal) / waves * 1000:.2f} ms   (wall beyond ideal / {waves} waves)")
    print(f"client latency - delay     {(statistics.median(latencies) - args.delay) * 1000:.2f} ms   (median of "
          f"per-run mean latency_s)")
    print(f"CPU per request            {statistics.median(cpus) / requests * 1000:.2f} ms   (this process)")
    bare = statistics.median(bare_walls)
    print(f"bare SDK, no harness       {bare:.3f} s wall (ratio {bare / ideal:.3f}), "
          f"{statistics.median(bare_cpus) / requests * 1000:.2f} ms CPU per request")
    print(f"harness overhead           {(wall - bare) / waves * 1000:.2f} ms per request in sequence, "
          f"{(statistics.median(cpus) - statistics.median(bare_cpus)) / requests * 1000:.2f} ms CPU per request "
          f"(harness minus bare SDK)")
    print(f"harness alone, no HTTP     {alone_wall:.3f} s wall (ratio {alone_wall / ideal:.3f}), "
          f"{alone_cpu / requests * 1000:.2f} ms CPU per request (SDK call replaced by a "
          f"{args.delay * 1000:.0f} ms sleep)")
    print(f"load average (1 min)       {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"re-run from cache          {cached_wall:.3f} s for {requests} answers, 0 requests")


if __name__ == "__main__":
    main()
