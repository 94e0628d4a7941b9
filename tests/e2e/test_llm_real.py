"""The LLM reviewers against a real model on a real server: llama-cpp-python's server with SmolLM2-135M
(tests/llama_server.py), driven by the real openai SDK and by Inspect's `llama-cpp-python/` provider.

Slow, and run in CI: .ci/run installs the server (a non-native build) and the model. Where they are missing the
tests skip with the reason; with CI=true they fail instead, so CI cannot pass without them. Faults a real server
cannot be made to show (a 429 with Retry-After, a cut answer, a 401) stay with tests/llm_http_server.py.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.run.folder import RunFolder
from redpen_bench.scoring.scorer import score_rows
from tests.conftest import FIXTURE_CORPUS, redpen_cmd
from tests.llama_server import MODEL_NAME, LlamaServer, Unavailable

pytestmark = pytest.mark.slow

ITEMS = "t2-empty"  # 1 item, 3 scored files of the fixture corpus: each request costs seconds of CPU
SHORT = "64"  # --max-tokens for the plumbing tests: a 135M model may ramble; 64 tokens keep each answer short


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the real llama.cpp server must run in CI: {reason}")
    pytest.skip(f"no real llama.cpp server: {reason}")


@pytest.fixture(scope="session")
def llama(tmp_path_factory):
    try:
        server = LlamaServer.start(tmp_path_factory.mktemp("llama") / "server.log")
    except Unavailable as exc:
        _unavailable(str(exc))
    with server:
        yield server


def cli_env(tmp_path: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
    return environ | {"REDPEN_CACHE": str(tmp_path / "cache.sqlite3"), "REDPEN_RETRY_BASE_DELAY": "0.01"}


def run_cli(llama, tmp_path: Path, out: str, *extra: str, timeout: float = 900) -> subprocess.CompletedProcess:
    command = [*redpen_cmd(), "run", "-r", f"smol=openai:{MODEL_NAME}", "--base-url", llama.url,
               "--corpus", str(FIXTURE_CORPUS), "--items", ITEMS, "--out", str(tmp_path / out), *extra]
    return subprocess.run(command, capture_output=True, text=True, env=cli_env(tmp_path), timeout=timeout)


def snippets_of(items: str) -> int:
    corpus = load_corpus(FIXTURE_CORPUS)
    return sum(1 for v in corpus.snippets if v.item_id in items.split(","))


def test_items_end_to_end_into_a_scored_run_then_the_cache_sends_nothing(llama, tmp_path):
    before = llama.completions()
    first = run_cli(llama, tmp_path, "run", "--max-tokens", SHORT)
    assert first.returncode == 0, first.stderr
    wanted = snippets_of(ITEMS)
    assert llama.completions() - before == wanted  # concurrency 1 by default for a local server: one each
    rows = list(RunFolder(tmp_path / "run").rows())
    assert len(rows) == wanted and not any(r.error for r in rows)
    assert all(isinstance(r.raw, str) and r.latency_s > 0 for r in rows)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    info = manifest["reviewers"]["smol"]["info"]
    assert info["request"]["max_tokens"] == int(SHORT) and info["concurrency"] == 1
    scored = score_rows(rows, load_corpus(FIXTURE_CORPUS)).to_json()["reviewers"]["smol"]
    assert scored["errors"] == 0 and scored["missing"] == 0 and scored["average"] is not None

    again = run_cli(llama, tmp_path, "again", "--max-tokens", SHORT)  # another folder: all from the cache
    assert again.returncode == 0, again.stderr
    assert llama.completions() - before == wanted  # the server saw nothing more
    assert all(r.cached for r in RunFolder(tmp_path / "again").rows())


def test_resume_after_sigint_asks_only_what_is_missing(llama, tmp_path):
    command = [*redpen_cmd(), "run", "-r", f"smol=openai:{MODEL_NAME}", "--base-url", llama.url,
               "--corpus", str(FIXTURE_CORPUS), "--items", ITEMS, "--out", str(tmp_path / "run"),
               "--max-tokens", SHORT]
    before = llama.completions()
    proc = subprocess.Popen(command, env=cli_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    verdicts = tmp_path / "run" / "verdicts.jsonl"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not (verdicts.exists() and verdicts.read_text().count("\n") >= 1):
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    kept = len(list(RunFolder(tmp_path / "run").rows()))
    assert 1 <= kept < snippets_of(ITEMS), "interrupt came too late to test a resume"
    asked = llama.completions() - before
    resumed = run_cli(llama, tmp_path, "run", "--max-tokens", SHORT)
    assert resumed.returncode == 0, resumed.stderr
    rows = list(RunFolder(tmp_path / "run").rows())
    assert len(rows) == snippets_of(ITEMS) and not any(r.error for r in rows)
    # the resume asked the missing snippets only (the one cut off by the interrupt is among them)
    assert llama.completions() - before - asked == snippets_of(ITEMS) - kept


def test_structured_grammar_makes_every_answer_readable(llama, tmp_path):
    proc = run_cli(llama, tmp_path, "run", "--structured", "grammar", "--max-tokens", "96")
    assert proc.returncode == 0, proc.stderr
    rows = list(RunFolder(tmp_path / "run").rows())
    assert rows and all(r.defect is not None for r in rows), [r.raw for r in rows if r.defect is None]
    assert all(r.raw.startswith("DEFECT: ") for r in rows)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["reviewers"]["smol"]["info"]["request"]["structured"] == "grammar"
    assert all(r.extras.get("structured") == "grammar" for r in rows)


def test_a_timed_out_request_stops_the_server_computing_it(llama, tmp_path):
    """--timeout bounds the whole streamed answer; leaving it closes the connection, and the server stops."""
    prompt = tmp_path / "count.txt"
    prompt.write_text("Ignore this file:\n{code}\nNow count from 1 to 5000, one number a line.\n")
    started = time.monotonic()
    # SmolLM2 may stop counting at once on an idle machine (seen in CI: 4 answers in 4 s): its end tokens
    # (<|endoftext|> 0, <|im_end|> 2) are banned, so every answer runs on past --timeout
    proc = run_cli(llama, tmp_path, "run", "--items", "t1-total", "--prompt", str(prompt), "--max-tokens",
                   "3000", "--timeout", "3", "--retries", "1", "--limit", "1",
                   "--param", 'logit_bias={"0": -100, "2": -100}')
    took = time.monotonic() - started
    assert proc.returncode == 3, proc.stderr  # error rows: each request ran out of time
    assert took < 60
    assert all("within 3 s" in (r.error or "") for r in RunFolder(tmp_path / "run").rows())
    # the server noticed a closed connection at its next token and stopped (llama-cpp-python prints
    # "disconnected"); a loaded machine may take a minute to read the prompt before that token
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and llama.tail(100_000).count("disconnected") < 1:
        time.sleep(0.2)
    assert "disconnected" in llama.tail(100_000)


def test_a_server_stopped_mid_run_gives_the_breakers_message_within_seconds(tmp_path):
    try:
        server = LlamaServer.start(tmp_path / "server.log")
    except Unavailable as exc:
        _unavailable(str(exc))
    command = [*redpen_cmd(), "run", "-r", f"smol=openai:{MODEL_NAME}", "--base-url", server.url,
               "--corpus", str(FIXTURE_CORPUS), "--out", str(tmp_path / "run"), "--max-tokens", SHORT]
    with server:
        proc = subprocess.Popen(command, env=cli_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        verdicts = tmp_path / "run" / "verdicts.jsonl"
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and not (verdicts.exists() and verdicts.read_text().strip()):
            time.sleep(0.2)
        server.process.kill()  # the server dies with the run half done
        stopped = time.monotonic()
        _, stderr = proc.communicate(timeout=120)
    took = time.monotonic() - stopped
    assert proc.returncode == 3, stderr
    assert "stopped asking" in stderr and server.url in stderr
    assert took < 30, f"the reviewer took {took:.1f} s to stop"


def test_inspect_llama_cpp_python_provider_then_import(llama, tmp_path):
    pytest.importorskip("inspect_ai")
    env = cli_env(tmp_path) | {"LLAMA_CPP_PYTHON_BASE_URL": llama.url, "LLAMA_CPP_PYTHON_API_KEY": "not-checked"}
    logs = tmp_path / "logs"
    inspect = Path(redpen_cmd()[0]).parent / "inspect"
    proc = subprocess.run(
        [str(inspect) if inspect.exists() else "inspect", "eval", "redpen_bench/redpen", "--model",
         f"llama-cpp-python/{MODEL_NAME}", "-T", f"corpus={FIXTURE_CORPUS}", "--max-tokens", SHORT,
         "--limit", "4", "--log-dir", str(logs), "--display", "plain"],
        env=env, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported = subprocess.run(
        [*redpen_cmd(), "run", "-r", f"inspect:{logs}", "--corpus", str(FIXTURE_CORPUS), "--out",
         str(tmp_path / "imported")], capture_output=True, text=True, env=env, timeout=300)
    assert imported.returncode == 0, imported.stderr
    rows = list(RunFolder(tmp_path / "imported").rows())
    assert len(rows) == 4 and not any(r.error for r in rows)
    assert all(r.reviewer == f"inspect/llama-cpp-python/{MODEL_NAME}" for r in rows)
