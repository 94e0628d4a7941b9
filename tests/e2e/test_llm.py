"""LLM reviewers over a real socket: the real openai and anthropic SDKs against tests/llm_http_server.py."""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from redpen_bench.errors import InputError
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.llm.prompt import load_prompt
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from redpen_bench.scoring.scorer import score_rows
from tests.conftest import FIXTURE_CORPUS, redpen_cmd
from tests.llm_http_server import Action, LLMServer
from tests.llm_runs import run

OPENAI_KEY = "sk-test-7f3a9c2e51d84b6a"
RESUME_KEY, THIRD_KEY = "sk-test-resume-5b1e0a7c", "sk-test-third-93d6f2a8"
ANTHROPIC_KEY = "sk-ant-test-0c4d8e2f6a1b"
N_SNIPPETS = 11  # tests/fixtures/corpus: 4 + 3 + 4 scored files


@pytest.fixture(autouse=True)
def _llm_env(monkeypatch, tmp_path):
    for name in ("OPENAI_BASE_URL", "ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_PROFILE",
                 "ANTHROPIC_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", ANTHROPIC_KEY)
    monkeypatch.setenv("REDPEN_RETRY_BASE_DELAY", "0.01")
    monkeypatch.setenv("REDPEN_CACHE", str(tmp_path / "cache" / "cache.sqlite3"))




def rows_of(tmp_path, out="run"):
    return sorted(RunFolder(tmp_path / out).rows(), key=lambda r: (r.item, r.variant, r.sample))


def test_happy_path_one_verdict_per_snippet(fixture_corpus, server, tmp_path):
    result = run(fixture_corpus, server, tmp_path)
    rows = rows_of(tmp_path)
    assert len(rows) == N_SNIPPETS == len(server.requests) and not result.failures
    assert all(r.defect is True and r.lines == [2] and not r.error and r.cached is False for r in rows)
    for row in rows:
        assert row.input_tokens > 0 and row.output_tokens > 0 and row.latency_s > 0
        expected = (row.input_tokens * 0.15 + row.output_tokens * 0.60) / 1e6  # gpt-4o-mini's entry
        assert row.cost_usd == pytest.approx(expected)
    request = server.requests[0]
    assert request.path == "/v1/chat/completions" and request.body["model"] == "gpt-4o-mini"
    assert request.body["temperature"] == 0 and request.headers["authorization"] == f"Bearer {OPENAI_KEY}"
    prompts = {r.prompt for r in server.requests}
    assert len(prompts) == N_SNIPPETS
    for prompt in prompts:  # line-numbered code, the three fields, and no hint of the answer
        assert re.search(r"^ *1 \| ", prompt, re.MULTILINE)
        assert "DEFECT:" in prompt and "LINES:" in prompt and "EXPLANATION:" in prompt
        assert "items/" not in prompt and "original" not in prompt and "fixed" not in prompt
    info = RunFolder(tmp_path / "run").read_manifest()["reviewers"]["openai:gpt-4o-mini"]["info"]
    assert info["prompt"]["name"] == "review-v1" and len(info["prompt"]["sha256"]) == 64
    assert score_rows(rows, fixture_corpus).to_json()["reviewers"]["openai:gpt-4o-mini"]["errors"] == 0


def test_second_run_is_served_from_the_cache(fixture_corpus, server, tmp_path):
    run(fixture_corpus, server, tmp_path)
    assert len(server.requests) == N_SNIPPETS
    again = run(fixture_corpus, server, tmp_path)  # the same folder: resumes, nothing to do
    assert len(server.requests) == N_SNIPPETS and again.new_rows == {}
    run(fixture_corpus, server, tmp_path, out="fresh")  # a new folder: every answer from the cache
    assert len(server.requests) == N_SNIPPETS
    fresh = rows_of(tmp_path, "fresh")
    assert len(fresh) == N_SNIPPETS and all(r.cached is True and r.defect is True for r in fresh)
    run(fixture_corpus, server, tmp_path, out="nocache", cache=None)
    assert len(server.requests) == 2 * N_SNIPPETS


def test_cache_key_follows_prompt_system_and_parameters(fixture_corpus, server, tmp_path):
    prompt = tmp_path / "mine.txt"
    prompt.write_text("Is there a bug?\n{code}\nDEFECT: / LINES: / EXPLANATION:\n")
    system = tmp_path / "system.txt"
    system.write_text("You are a careful reviewer.")
    variants = [{}, {"prompt": prompt}, {"system": system}, {"params": {"reasoning_effort": "low"}},
                {"temperature": None}, {"max_tokens": 300}, {"samples": 1, "base_url": f"{server.url}/v1/"}]
    sent = []
    for n, options in enumerate(variants):
        run(fixture_corpus, server, tmp_path, out=f"v{n}", **options)
        sent.append(len(server.requests))
    # each change of what is sent asks again; a trailing slash on the URL is the same endpoint
    assert sent == [N_SNIPPETS * k for k in (1, 2, 3, 4, 5, 6, 6)]
    bodies = server.requests
    assert re.match(r"Is there a bug\?\n *1 \| ", bodies[N_SNIPPETS].prompt)
    assert bodies[2 * N_SNIPPETS].body["messages"][0] == {"role": "system", "content": "You are a careful reviewer."}
    assert bodies[3 * N_SNIPPETS].body["reasoning_effort"] == "low"
    assert "temperature" not in bodies[4 * N_SNIPPETS].body and bodies[5 * N_SNIPPETS].body["max_tokens"] == 300


def test_samples_ask_each_snippet_k_times(fixture_corpus, server, tmp_path):
    run(fixture_corpus, server, tmp_path, samples=2)
    rows = rows_of(tmp_path)
    assert len(rows) == len(server.requests) == 2 * N_SNIPPETS
    assert sorted({r.sample for r in rows}) == [0, 1]
    entry = score_rows(rows, fixture_corpus).to_json()["reviewers"]["openai:gpt-4o-mini"]
    assert entry["samples"] == 2 and entry["average_sd"] == 0.0


def test_malformed_answers_are_unparsed_or_errors_and_the_run_goes_on(fixture_corpus, server, tmp_path):
    behaviours = [
        Action(text="I looked at it carefully and it seems fine to me."),  # prose only
        Action(text="LINES: 3\nEXPLANATION: the loop stops early"),  # no DEFECT line
        Action(text='{"defect": "yes", "lines": [4], "explanation": "wrong bound"}'),  # JSON instead of lines
        Action(kind="raw", body=b"this is not json"),  # a 200 that is not the API's shape
        Action(kind="raw", body=json.dumps({"id": "x", "object": "chat.completion", "choices": []}).encode()),
    ]
    server.script = lambda request: behaviours[request.index % len(behaviours)]
    run(fixture_corpus, server, tmp_path, concurrency=1)  # one at a time: request i is task i
    order = [(v.item_id, v.name) for v in fixture_corpus.snippets]
    by_task = {(r.item, r.variant): r for r in rows_of(tmp_path)}
    rows = [by_task[key] for key in order]
    assert len(server.requests) == N_SNIPPETS  # malformed answers are answers: none is asked again
    for n, row in enumerate(rows):
        kind = n % len(behaviours)
        if kind in (0, 1):
            assert row.defect is None and not row.error
        elif kind == 2:
            assert row.defect is True and row.lines == [4] and row.explanation == "wrong bound"
        else:
            assert row.error and row.defect is None
    summary = score_rows(rows, fixture_corpus).to_json()["reviewers"]["openai:gpt-4o-mini"]
    assert summary["unparsed"] == 5 and summary["errors"] == 4


def test_429_with_retry_after_is_honoured(fixture_corpus, server, tmp_path):
    server.script = lambda r: Action(kind="status", status=429, headers={"Retry-After": "1"}) if r.index == 0 \
        else Action()
    run(fixture_corpus, server, tmp_path, concurrency=2)
    first = server.requests[0]
    retry = next(r for r in server.requests[1:] if r.prompt_key == first.prompt_key)
    # a lower bound the client itself imposes (it sleeps 1 s after reading the 429 the server logged first), never
    # a race: the base delay is 0.01 s, so only Retry-After explains the wait
    assert retry.time - first.time >= 0.95
    rows = rows_of(tmp_path)
    assert len(rows) == N_SNIPPETS and all(r.defect is True and not r.error for r in rows)
    assert sorted(r.attempts for r in rows) == [1] * (N_SNIPPETS - 1) + [2]


def test_500_twice_then_success(fixture_corpus, server, tmp_path):
    server.script = lambda r: Action(kind="status", status=500) if r.attempt <= 2 else Action()
    # two at a time: at most 4 failures in a row. At 8, the first 16 attempts all fail, which is what the circuit
    # breaker (tests/e2e/test_llm_breaker.py) takes for a server that is down
    run(fixture_corpus, server, tmp_path, concurrency=2)
    assert sorted(server.attempts.values()) == [3] * N_SNIPPETS
    rows = rows_of(tmp_path)
    assert all(r.defect is True and r.attempts == 3 for r in rows) and len(rows) == N_SNIPPETS


def test_a_request_that_keeps_failing_is_an_error_row_retried_on_resume(fixture_corpus, server, tmp_path):
    def script(request):  # the first prompt fails every time, the others answer
        doomed = request.index == 0 or request.prompt_key == server.requests[0].prompt_key
        return Action(kind="status", status=503) if doomed else Action()

    server.script = script
    run(fixture_corpus, server, tmp_path, retries=3)
    errors = [r for r in rows_of(tmp_path) if r.error]
    assert len(errors) == 1 and "after 3 attempts" in errors[0].error and "HTTP 503" in errors[0].error
    assert len(rows_of(tmp_path)) == N_SNIPPETS  # the others are all there
    server.script = lambda r: Action()
    before = len(server.requests)
    run(fixture_corpus, server, tmp_path)
    assert len(server.requests) == before + 1  # only the failed one is asked again
    assert not any(r.error for r in rows_of(tmp_path))


def test_a_request_that_times_out_is_retried(fixture_corpus, server, tmp_path):
    server.script = lambda r: Action(delay=10.0) if r.attempt == 1 and r.index < 3 else Action()
    run(fixture_corpus, server, tmp_path, request_timeout=0.8, concurrency=4)
    rows = rows_of(tmp_path)
    assert len(rows) == N_SNIPPETS and all(r.defect is True and not r.error for r in rows)
    for stalled in server.requests[:3]:
        retry = next(r for r in server.requests[3:] if r.prompt_key == stalled.prompt_key)
        # asked again while the server still held the first answer back: the client gave up on it by itself
        assert stalled.index in retry.unanswered
    assert sum(r.attempts for r in rows) == len(server.requests) >= N_SNIPPETS + 3


def test_a_connection_closed_mid_answer_is_retried(fixture_corpus, server, tmp_path):
    server.script = lambda r: Action(kind="cut") if r.attempt == 1 else Action()
    run(fixture_corpus, server, tmp_path)
    rows = rows_of(tmp_path)
    assert len(rows) == N_SNIPPETS and all(r.defect is True and r.attempts == 2 for r in rows)


def test_an_answer_the_server_cut_short_is_retried_and_never_stored_as_a_verdict(fixture_corpus, server, tmp_path):
    # llama-cpp-python's server ends a streaming answer with [DONE] and no finish_reason when another request
    # arrives: measured at --concurrency 8, 43 of 44 answers were empty, stored as unparsed verdicts, exit 0
    server.script = lambda r: Action(kind="unfinished") if r.attempt == 1 else Action()
    run(fixture_corpus, server, tmp_path, concurrency=4)
    rows = rows_of(tmp_path)
    assert len(rows) == N_SNIPPETS and all(r.defect is True and r.attempts == 2 for r in rows)
    server.script = lambda r: Action(kind="unfinished", text="")
    run(fixture_corpus, server, tmp_path, out="again", retries=2, cache=None)  # the answers above are cached
    rows = rows_of(tmp_path, "again")
    assert len(rows) == N_SNIPPETS and all(r.defect is None and r.raw in ("", None) for r in rows)
    assert all("ended before the model finished it" in r.error and "--concurrency 1" in r.error for r in rows)


def test_rejected_key_stops_the_reviewer_and_never_stores_the_key(fixture_corpus, server, tmp_path):
    echo = json.dumps({"error": {"message": f"Incorrect API key provided: {OPENAI_KEY}"}}).encode()
    server.script = lambda r: Action(kind="status", status=401, body=echo)
    result = run(fixture_corpus, server, tmp_path, concurrency=2)
    assert len(server.requests) <= 2  # every request would fail the same way: stop asking
    assert "openai:gpt-4o-mini" in result.failures and OPENAI_KEY not in result.failures["openai:gpt-4o-mini"]
    rows = rows_of(tmp_path)
    assert len(rows) == N_SNIPPETS and all(r.error and "401" in r.error for r in rows)
    server.script = lambda r: Action()
    run(fixture_corpus, server, tmp_path, out="good")  # and a good run: its cache and folder too
    assert_secret_absent(tmp_path, OPENAI_KEY)


def assert_secret_absent(root: Path, secret: str) -> None:
    files = [p for p in root.rglob("*") if p.is_file()]
    assert any(p.name.startswith("cache.sqlite3") for p in files) and any(p.name == "verdicts.jsonl" for p in files)
    for path in files:
        assert secret.encode() not in path.read_bytes(), f"{path} holds the key"


def test_anthropic_messages_over_the_socket(fixture_corpus, server, tmp_path):
    system = tmp_path / "system.txt"
    system.write_text("Be brief.")
    run(fixture_corpus, server, tmp_path, spec="anthropic:claude-haiku-4-5", base_url=server.url, system=system)
    rows = rows_of(tmp_path)
    assert len(rows) == N_SNIPPETS and all(r.defect is True and r.lines == [2] for r in rows)
    assert rows[0].cost_usd == pytest.approx((rows[0].input_tokens * 1 + rows[0].output_tokens * 5) / 1e6)
    request = server.requests[0]
    sent_key = request.headers.get("x-api-key") or request.headers.get("authorization", "").removeprefix("Bearer ")
    assert request.path == "/v1/messages" and sent_key == ANTHROPIC_KEY  # the header differs by SDK version
    assert request.body["max_tokens"] == 2048 and request.body["temperature"] == 0
    assert request.body["system"] == "Be brief."
    assert_secret_absent(tmp_path, ANTHROPIC_KEY)


def test_keys_come_from_the_environment(fixture_corpus, server, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(InputError, match="OPENAI_API_KEY"):
        run_reviewers(fixture_corpus, ["openai:gpt-4o"], tmp_path / "nokey", ReviewOptions())
    run(fixture_corpus, server, tmp_path)  # a local server by URL needs no key: a placeholder is sent
    assert server.requests[0].headers["authorization"] == "Bearer redpen-no-key"
    monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
    run_reviewers(fixture_corpus, ["openai:other-model"], tmp_path / "env", ReviewOptions())
    assert len(server.requests) == 2 * N_SNIPPETS


def test_dry_run_estimates_and_sends_nothing(fixture_corpus, server, tmp_path):
    estimate = run(fixture_corpus, server, tmp_path, dry_run=True, max_tokens=100).estimates["openai:gpt-4o-mini"]
    assert server.requests == [] and estimate["requests"] == N_SNIPPETS and estimate["cached"] == 0
    assert estimate["output_tokens"] == 100 * N_SNIPPETS and estimate["input_tokens"] > 100 * N_SNIPPETS
    assert estimate["cost_usd"] == pytest.approx((estimate["input_tokens"] * 0.15 + estimate["output_tokens"] * 0.6)
                                                 / 1e6)
    run(fixture_corpus, server, tmp_path, max_tokens=100)
    again = run(fixture_corpus, server, tmp_path, out="other", dry_run=True, max_tokens=100)
    assert again.estimates["openai:gpt-4o-mini"]["requests"] == 0
    assert again.estimates["openai:gpt-4o-mini"]["cached"] == N_SNIPPETS


def test_max_cost_stops_asking_and_a_resume_finishes(fixture_corpus, server, tmp_path):
    prices = {"pricey": {"input": 1e6, "output": 1e6}}  # about 1 USD per token: each request ~ hundreds of USD
    per_request = run(fixture_corpus, server, tmp_path, spec="openai:pricey", dry_run=True, prices=prices,
                      max_tokens=10).estimates["openai:pricey"]["cost_usd"] / N_SNIPPETS
    result = run(fixture_corpus, server, tmp_path, spec="openai:pricey", prices=prices, max_tokens=10,
                 max_cost=per_request * 3.5, concurrency=1)
    rows = rows_of(tmp_path)
    assert 1 <= len(server.requests) == len(rows) <= 4 and not result.failures
    assert not any(r.error for r in rows)  # what was not asked has no row at all: left for a resume
    run(fixture_corpus, server, tmp_path, spec="openai:pricey", prices=prices, max_tokens=10)
    assert len(rows_of(tmp_path)) == len(server.requests) == N_SNIPPETS
    with pytest.raises(InputError, match="needs a price"):
        run(fixture_corpus, server, tmp_path, spec="openai:unpriced-model", max_cost=1.0)


def test_rpm_spaces_request_starts(fixture_corpus, server, tmp_path):
    before = time.monotonic()  # the pacer's clock (asyncio's), and the server's
    run(fixture_corpus, server, tmp_path, rpm=600, concurrency=8)  # one start slot per 0.1 s
    arrivals = sorted(r.time for r in server.requests)
    assert len(arrivals) == N_SNIPPETS
    # the k-th request to arrive started no earlier than its slot, k intervals after the run began: a bound the
    # pacer guarantees however slow the machine (which only delays arrivals), so it cannot race the clock
    assert all(t - before >= 0.1 * k - 1e-6 for k, t in enumerate(arrivals))


def test_a_killed_run_resumes_without_asking_twice(fixture_corpus, tmp_path):
    """The real CLI, killed with SIGKILL half-way, then the same command again."""
    prompt = load_prompt(None)
    key_of = {(v.item_id, v.name): hashlib.sha256(prompt.render(v.text).encode()).hexdigest()
              for v in fixture_corpus.snippets}
    with LLMServer(delay=0.3) as server:
        out = tmp_path / "killed"
        command = [*redpen_cmd(), "run", "-r", "openai:gpt-4o-mini", "--corpus", str(FIXTURE_CORPUS),
                   "--out", str(out), "--base-url", f"{server.url}/v1", "--concurrency", "2"]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        verdicts = out / "verdicts.jsonl"
        deadline = time.time() + 30
        while time.time() < deadline and not (verdicts.exists() and verdicts.read_bytes().count(b"\n") >= 4):
            time.sleep(0.01)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        stored = {key_of[(r.item, r.variant)] for r in RunFolder(out).rows()}
        assert 4 <= len(stored) < N_SNIPPETS, "the kill should come half-way"

        # the later runs send another key: a request the killed client wrote just before the kill may reach the
        # server later still, and the key tells it apart from the resumed run's without waiting for quiet
        def sent_by(key: str) -> list[str]:
            return [r.prompt_key for r in server.requests if r.headers.get("authorization") == f"Bearer {key}"]

        server.delay = 0.0
        second = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                env=os.environ | {"OPENAI_API_KEY": RESUME_KEY})
        assert second.returncode == 0, second.stderr
        assert second.stdout.strip().splitlines()[-1] == str(out)
        resumed = sent_by(RESUME_KEY)
        assert not set(resumed) & stored, "an answer already stored was asked again"
        assert len(resumed) == len(set(resumed)) == N_SNIPPETS - len(stored) - len(
            [r for r in RunFolder(out).rows() if r.cached])
        # asked in both runs: only requests in flight at the kill (at most --concurrency of them)
        assert len(set(resumed) & set(sent_by(OPENAI_KEY))) <= 2
        rows = RunFolder(out).rows()
        assert len(rows) == N_SNIPPETS and not any(r.error for r in rows)
        assert {key_of[(r.item, r.variant)] for r in rows} == set(key_of.values())
        third = subprocess.run(command, capture_output=True, text=True, timeout=60,  # the identical command
                               env=os.environ | {"OPENAI_API_KEY": THIRD_KEY})
        assert third.returncode == 0 and not sent_by(THIRD_KEY)  # sends nothing


