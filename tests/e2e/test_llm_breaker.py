"""A server that is down, hung, refuses the key or does not exist: the reviewer stops soon and says why."""

from __future__ import annotations

import socket

import pytest

from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.llm.pool import breaker_limit
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS, openai_cli_env, run_openai_cli
from tests.llm_http_server import Action, LLMServer

N_SNIPPETS = 11
KEY = "sk-proj-test-4e1f0b9a7c3d2e65"


@pytest.fixture
def env(tmp_path):
    return openai_cli_env(tmp_path, KEY)



def test_a_server_that_accepts_and_never_answers_trips_the_breaker(env, tmp_path):
    with socket.socket() as silent:  # the kernel accepts connections into the backlog; nobody ever reads
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/v1"
        # as a remote server is asked (one on 127.0.0.1 gets one request at a time unless told)
        proc = run_openai_cli(env, url, tmp_path / "r", "--timeout", "3", "--concurrency", "8")
    assert proc.returncode == 3
    limit = breaker_limit(8)
    assert f"stopped asking: {limit} attempts in a row failed" in proc.stderr
    assert f"no answer from {url} within 3 s" in proc.stderr
    rows = RunFolder(tmp_path / "r").rows()
    assert len(rows) == N_SNIPPETS and all(r.error for r in rows)
    assert max(r.attempts or 0 for r in rows) < 5  # nobody used all five attempts: the breaker stopped them


def test_a_server_that_always_fails_gets_a_bounded_number_of_requests(tmp_path, llm_env):
    with LLMServer(script=lambda r: Action(kind="status", status=500)) as server:
        result = run_reviewers(load(), ["openai:gpt-4o-mini"], tmp_path / "r",
                               ReviewOptions(base_url=f"{server.url}/v1", concurrency=4))
        asked = len(server.requests)
    # without the breaker: 11 snippets x 5 attempts = 55 requests. With it: the limit, plus what was in flight
    limit = breaker_limit(4)
    assert limit <= asked <= limit + 4
    message = result.failures["openai:gpt-4o-mini"]
    assert f"HTTP 500 from {server.url}/v1" in message and "server errors" in message


def test_a_refused_key_says_the_key_is_wrong(env, tmp_path):
    with LLMServer(script=lambda r: Action(kind="status", status=401)) as server:
        proc = run_openai_cli(env, f"{server.url}/v1", tmp_path / "r")
    assert proc.returncode == 3
    assert "the API key in OPENAI_API_KEY is wrong" in proc.stderr
    assert "the same command retries them" not in proc.stderr and KEY not in proc.stderr


def test_a_local_server_that_wants_a_key_says_which_variable(tmp_path, llm_env):
    with LLMServer(script=lambda r: Action(kind="status", status=403)) as server:
        result = run_reviewers(load(), ["openai:m"], tmp_path / "r", ReviewOptions(base_url=f"{server.url}/v1"))
    assert "the server wants an API key: set OPENAI_API_KEY" in result.failures["openai:m"]


def test_an_unknown_host_says_unknown_host(tmp_path, llm_env):
    url = "http://no-such-host.invalid/v1"
    result = run_reviewers(load(), ["openai:m"], tmp_path / "r", ReviewOptions(base_url=url))
    message = result.failures["openai:m"]
    assert f"cannot connect to {url}: unknown host 'no-such-host.invalid'" in message
    assert "Unknown error" not in message


def test_connect_and_read_timeouts_are_apart(llm_env):
    from redpen_bench.reviewers.llm.anthropic_messages import AnthropicMessages
    from redpen_bench.reviewers.llm.openai_chat import OpenAIChat

    for adapter in (OpenAIChat, AnthropicMessages):
        for given, connect in ((120.0, 10.0), (3.0, 3.0)):
            reviewer = adapter("m", ReviewOptions(base_url="http://127.0.0.1:9", request_timeout=given))
            client = reviewer.make_client()  # the SDK accepts its own HTTP library's Timeout
            assert (client.timeout.read, client.timeout.connect) == (given, connect)


def load():
    from redpen_bench.model.corpus import load_corpus

    return load_corpus(FIXTURE_CORPUS)
