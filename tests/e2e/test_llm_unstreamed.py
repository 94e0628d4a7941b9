"""A server that ignores `"stream": true` (a proxy, a gateway, an older server) answers with one ordinary
`chat.completion` body: its answers are read, as the Content-Type says what came back (issue 34.1). What
really is unreadable says what was received. The real SDK against our own HTTP server."""

from __future__ import annotations

import json

import pytest

from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import run_openai_cli
from tests.llm_http_server import DEFAULT_ANSWER, Action, LLMServer

N_SNIPPETS = 11
SPEC = "openai:gpt-4o-mini"
NO_USAGE = {"id": "x", "object": "chat.completion", "choices": [
    {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": DEFAULT_ANSWER}}]}


def run(corpus, server, out):
    options = ReviewOptions(base_url=f"{server.url}/v1", cache=None)
    return run_reviewers(corpus, [SPEC], out, options)


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8",
                                          "text/plain"])  # the last: a JSON body a proxy mislabels
def test_an_unstreamed_answer_is_read(fixture_corpus, tmp_path, llm_env, content_type):
    with LLMServer(script=lambda r: Action(kind="unstreamed", content_type=content_type)) as server:
        result = run(fixture_corpus, server, tmp_path / "r")
        assert all(r.body["stream"] is True for r in server.requests)  # asked for a stream, got a body
        assert len(server.requests) == N_SNIPPETS  # read at the first attempt, never retried
    rows = RunFolder(tmp_path / "r").rows()
    assert not result.failures and len(rows) == N_SNIPPETS
    assert all(not r.error and r.defect is True and r.lines == [2] and r.raw == DEFAULT_ANSWER
               for r in rows)
    assert all(r.input_tokens > 0 and r.output_tokens == len(DEFAULT_ANSWER) // 4 for r in rows)


@pytest.mark.parametrize("usage", [
    {"prompt_tokens": -1, "completion_tokens": -1, "total_tokens": -1},
    {"prompt_tokens": 12.5, "completion_tokens": "7", "total_tokens": 0},
    {"completion_tokens": 3},
    None,  # no usage at all
])
def test_odd_usage_in_an_unstreamed_answer_is_unknown(fixture_corpus, tmp_path, llm_env, usage):
    def script(request):
        if usage is None:  # a body with no usage field
            return Action(kind="raw", body=json.dumps(NO_USAGE).encode())
        return Action(kind="unstreamed", usage=usage)

    with LLMServer(script=script) as server:
        result = run(fixture_corpus, server, tmp_path / "r")
    rows = RunFolder(tmp_path / "r").rows()
    assert not result.failures and len(rows) == N_SNIPPETS
    assert all(not r.error and r.defect is True for r in rows)
    sent = (usage or {}).get("completion_tokens")
    assert all(r.output_tokens == (sent if type(sent) is int and sent >= 0 else None) for r in rows)


@pytest.mark.parametrize(("content_type", "body", "shown"), [
    ("text/html", b"<html><body><h1>502 Bad Gateway</h1>" + b"x" * 5000 + b"</body></html>", "<html><body><h1>502"),
    ("application/json", b'[{"choices": []}]', '[{"choices": []}]'),
    ("application/json", b'{"object": "chat.completion", "choices": []}', '"choices": []'),
    ("application/json", b'{"choices": [{"message": {"content": "DEFECT: yes"}', '{"choices": [{"message"'),
    ("application/json", b"\xff\xfe not UTF-8", r"\xff\xfe not UTF-8"),
    ("text/event-stream", b"data: {\"id\": \"c\", \"choices\": []}\n\ndata: [DONE]\n\n", "text/event-stream"),
])
def test_an_unreadable_answer_says_what_was_received(fixture_corpus, tmp_path, llm_env, content_type, body,
                                                     shown):
    with LLMServer(script=lambda r: Action(kind="raw", body=body, content_type=content_type)) as server:
        result = run(fixture_corpus, server, tmp_path / "r")
    rows = RunFolder(tmp_path / "r").rows()
    assert not result.failures and len(rows) == N_SNIPPETS and all(r.error for r in rows)
    error = rows[0].error
    assert content_type in error and shown in error, error
    assert "Traceback" not in error and len(error) < 600  # the first bytes, not the whole body


def test_the_command_line_reads_an_unstreamed_server(tmp_path, llm_env):
    from tests.conftest import openai_cli_env

    env = openai_cli_env(tmp_path, "sk-proj-test-unstreamed-0123456789")
    with LLMServer(script=lambda r: Action(kind="unstreamed")) as server:
        proc = run_openai_cli(env, f"{server.url}/v1", tmp_path / "r")
        again = run_openai_cli(env, f"{server.url}/v1", tmp_path / "r")  # nothing left to ask
        assert len(server.requests) == N_SNIPPETS
    assert proc.returncode == 0 and again.returncode == 0, proc.stderr + again.stderr
    assert f"{N_SNIPPETS} answered, 0 unparsed, 0 errors" in proc.stderr, proc.stderr
