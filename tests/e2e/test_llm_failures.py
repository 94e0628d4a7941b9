"""LLM failures are fast, loud and leave no secret behind: the real CLI and SDK against our own HTTP server."""

from __future__ import annotations

import json
import socket
import subprocess

import pytest

from tests.conftest import FIXTURE_CORPUS, openai_cli_env, redpen_cmd, run_openai_cli
from tests.llm_http_server import DEFAULT_ANSWER, Action, LLMServer

KEY = "sk-proj-test-9d2b7c41e0a35f68"


@pytest.fixture
def env(tmp_path):
    return openai_cli_env(tmp_path, KEY)


def run_cli(env, base_url, out, *extra, timeout=120):
    return run_openai_cli(env, base_url, out, *extra, timeout=timeout)


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_nothing_listening_stops_the_reviewer_in_seconds(env, tmp_path):
    url = f"http://127.0.0.1:{closed_port()}/v1"
    proc = run_cli(env, url, tmp_path / "r")  # its timeout only guards against a hang
    assert proc.returncode == 3
    # no retries with backoff: the first refused connection stops the reviewer, nothing is asked twice (rows
    # of snippets never asked carry no attempt count)
    rows = [json.loads(line) for line in (tmp_path / "r/verdicts.jsonl").read_text().splitlines()]
    assert len(rows) == 11 and all(r.get("attempts", 0) <= 1 for r in rows)
    assert f"cannot connect to {url}" in proc.stderr and "refused" in proc.stderr.lower()
    assert "0 answered, 0 unparsed, 11 errors, 0 missing" in proc.stderr
    assert "fix what stopped the reviewer (above), then the same command asks those snippets again" in proc.stderr


def test_a_server_that_never_answers_is_given_up_on_and_said_so(env, tmp_path):
    with LLMServer(script=lambda r: Action(delay=30)) as server:
        proc = run_cli(env, f"{server.url}/v1", tmp_path / "r", "--timeout", "0.5", "--retries", "2",
                       "--concurrency", "11")
        # the client gave up on every request while the server still held its answer back
        assert server.requests and not any(r.answered for r in server.requests)
    assert proc.returncode == 3
    assert "(up to 0.5 s a request)" in proc.stderr  # the progress line says how long it waits
    assert f"no answer from {server.url}/v1 within 0.5 s" in (tmp_path / "r/verdicts.jsonl").read_text()


def test_a_rejected_key_exits_non_zero(env, tmp_path):
    with LLMServer(script=lambda r: Action(kind="status", status=401)) as server:
        proc = run_cli(env, f"{server.url}/v1", tmp_path / "r")
    assert proc.returncode == 3 and "401" in proc.stderr


def test_a_key_the_model_echoes_is_stored_nowhere(env, tmp_path):
    masked = KEY[:8] + "*" * 12 + KEY[-4:]
    answer = DEFAULT_ANSWER + f" My key is {KEY}; masked {masked}."
    with LLMServer(script=lambda r: Action(text=answer)) as server:
        run = run_cli(env, f"{server.url}/v1", tmp_path / "r")
        assert run.returncode == 0, run.stderr
        report = subprocess.run([*redpen_cmd(), "report", str(tmp_path / "r"), "--corpus", str(FIXTURE_CORPUS),
                                 "--out", str(tmp_path / "reports"), "--bootstrap", "100"],
                                capture_output=True, text=True, env=env)
        assert report.returncode == 0, report.stderr
        again = run_cli(env, f"{server.url}/v1", tmp_path / "r2")  # answered from the cache
    assert "[key]" in (tmp_path / "r/verdicts.jsonl").read_text()
    for path in [p for p in tmp_path.rglob("*") if p.is_file()]:
        data = path.read_bytes()
        assert KEY.encode() not in data and KEY[-8:].encode() not in data, path
        assert masked.encode() not in data, path
    for text in (run.stdout, run.stderr, again.stdout, again.stderr, report.stdout, report.stderr):
        assert KEY not in text
