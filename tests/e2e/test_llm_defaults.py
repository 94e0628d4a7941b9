"""Defaults that finish, structured output and a loud useless reviewer, over the real SDKs against
tests/llm_http_server.py (the real llama.cpp server's tests are in test_llm_real.py)."""

from __future__ import annotations

import json
import time

import pytest

from redpen_bench.reviewers.llm.structured import VERDICT_GRAMMAR, VERDICT_SCHEMA
from redpen_bench.run.folder import RunFolder
from tests.conftest import openai_cli_env, run_openai_cli
from tests.llm_http_server import Action, LLMServer
from tests.llm_runs import run

N_SNIPPETS = 11


@pytest.fixture(autouse=True)
def _env(llm_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-defaults-1234567")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-defaults-1234")




def test_every_family_sends_an_answer_limit_by_default(fixture_corpus, server, tmp_path):
    run(fixture_corpus, server, tmp_path)
    run(fixture_corpus, server, tmp_path, spec="anthropic:claude-haiku-4-5", out="anthropic")
    openai = [r.body for r in server.requests if r.path.endswith("/chat/completions")]
    anthropic = [r.body for r in server.requests if r.path.endswith("/messages")]
    assert {b["max_tokens"] for b in openai} == {1024} and {b["max_tokens"] for b in anthropic} == {2048}
    run(fixture_corpus, server, tmp_path, out="short", max_tokens=77)
    assert server.requests[-1].body["max_tokens"] == 77


def test_a_local_server_is_asked_one_request_at_a_time(fixture_corpus, tmp_path):
    with LLMServer(delay=0.05) as server:
        run(fixture_corpus, server, tmp_path)  # 127.0.0.1: nothing in flight when the next arrives
        assert len(server.requests) == N_SNIPPETS and not any(r.unanswered for r in server.requests)
        manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
        assert manifest["reviewers"]["openai:gpt-4o-mini"]["info"]["concurrency"] == 1
        run(fixture_corpus, server, tmp_path, out="four", concurrency=4, request_timeout=30.0, max_tokens=9)
        assert any(r.unanswered for r in server.requests[N_SNIPPETS:])  # asked for: several at once


def test_the_timeout_bounds_the_whole_streamed_answer_and_hangs_up(fixture_corpus, tmp_path):
    """A model that never stops streams a token every 50 ms: a read timeout would never fire, and a request
    left running keeps the server computing. The whole answer gets --timeout, then the connection closes."""
    with LLMServer(script=lambda r: Action(kind="trickle", delay=0.05)) as server:
        started = time.monotonic()
        result = run(fixture_corpus, server, tmp_path, request_timeout=1.0, retries=1)
        took = time.monotonic() - started
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not all(r.hung_up for r in server.requests):
            time.sleep(0.05)
    assert result.has_errors and took < N_SNIPPETS * 1.0 + 10
    assert all(r.hung_up is not None and r.hung_up - r.time < 3.0 for r in server.requests)
    rows = list(RunFolder(tmp_path / "run").rows())
    assert all("within 1 s" in r.error for r in rows)


def test_streamed_usage_lands_in_the_row(fixture_corpus, server, tmp_path):
    run(fixture_corpus, server, tmp_path)
    assert all(r.body["stream"] is True and r.body["stream_options"] == {"include_usage": True}
               for r in server.requests)
    rows = list(RunFolder(tmp_path / "run").rows())
    assert all(r.output_tokens and r.input_tokens and r.defect is True for r in rows)


def test_structured_json_schema_and_grammar_for_openai(fixture_corpus, server, tmp_path):
    server.script = lambda r: Action(text=json.dumps({"defect": True, "lines": [2], "explanation": "off by one"}))
    run(fixture_corpus, server, tmp_path, structured="json-schema")
    body = server.requests[-1].body
    assert body["response_format"]["json_schema"]["schema"] == VERDICT_SCHEMA
    rows = list(RunFolder(tmp_path / "run").rows())
    assert all(r.defect is True and r.lines == [2] and r.extras["structured"] == "json-schema" for r in rows)

    server.script = lambda r: Action()
    run(fixture_corpus, server, tmp_path, out="grammar", structured="grammar")
    body = server.requests[-1].body
    assert body["grammar"] == VERDICT_GRAMMAR and "response_format" not in body
    manifest = json.loads((tmp_path / "grammar" / "manifest.json").read_text())
    assert manifest["reviewers"]["openai:gpt-4o-mini"]["info"]["request"]["structured"] == "grammar"
    # the switch is part of the cache key: a plain run after these asks again
    before = len(server.requests)
    run(fixture_corpus, server, tmp_path, out="plain")
    assert len(server.requests) == before + N_SNIPPETS


def test_structured_anthropic_forces_the_verdict_tool(fixture_corpus, server, tmp_path):
    server.script = lambda r: Action(text=json.dumps({"defect": False, "lines": [], "explanation": "fine"}))
    run(fixture_corpus, server, tmp_path, spec="anthropic:claude-haiku-4-5", structured="json-schema")
    body = server.requests[-1].body
    assert body["tool_choice"] == {"type": "tool", "name": "verdict"}
    assert body["tools"][0]["input_schema"] == VERDICT_SCHEMA
    rows = list(RunFolder(tmp_path / "run").rows())
    assert all(r.defect is False and r.extras["structured"] == "tool" for r in rows)


def test_anthropic_has_no_grammar(fixture_corpus, server, tmp_path):
    from redpen_bench.reviewers.base import SpecError

    with pytest.raises(SpecError, match="grammar"):
        run(fixture_corpus, server, tmp_path, spec="anthropic:claude-haiku-4-5", structured="grammar")


def test_a_reviewer_that_answers_nothing_readable_says_so_last(tmp_path):
    """176/176 unparsed used to end with exit 0 and no warning: only a count in a column said it."""
    with LLMServer(script=lambda r: Action(text="Yes")) as server:
        proc = run_openai_cli(openai_cli_env(tmp_path, "sk-test-unparsed-12345678"), f"{server.url}/v1",
                              tmp_path / "run")
    assert proc.returncode == 0, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert "warning: openai:gpt-4o-mini: 11 of 11 answers could not be read" in last
    assert '"Yes"' in last and "--structured" in last


def test_progress_lines_reach_a_log_while_a_request_waits(tmp_path):
    env = openai_cli_env(tmp_path, "sk-test-progress-12345678") | {"REDPEN_PROGRESS_INTERVAL": "0.3"}
    with LLMServer(delay=0.4) as server:
        proc = run_openai_cli(env, f"{server.url}/v1", tmp_path / "run", "--items", "t1-total")
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines()
             if line.startswith("redpen-bench: openai:gpt-4o-mini ") and " after " in line]
    assert lines[0].startswith("redpen-bench: openai:gpt-4o-mini started: 0/")
    assert any(" running: " in line for line in lines) and " done: " in lines[-1]


def test_dry_run_says_its_input_estimate_is_rough(fixture_corpus, server, tmp_path):
    # a model no tokenizer is known for (tiktoken knows OpenAI's names only)
    estimate = run(fixture_corpus, server, tmp_path, spec="openai:smollm2", dry_run=True).estimates["openai:smollm2"]
    assert estimate["output_tokens"] == 1024 * N_SNIPPETS and estimate["input_tokens"] > 100 * N_SNIPPETS
    assert "rough estimate" in estimate["assumes"] and "29 %" in estimate["assumes"]
