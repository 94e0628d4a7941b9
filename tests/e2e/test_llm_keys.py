"""An API key as users' environments give it (issue 34.5): a `.env` saved with CRLF leaves a CR at its end. Space
around a key is stripped, a control character inside one is refused in one line that does not print it, and no
error text or traceback that reaches a file holds it. The real CLI and SDK against our own HTTP server."""

from __future__ import annotations

import json
import subprocess

import pytest

from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS, openai_cli_env, redpen_cmd, run_openai_cli
from tests.llm_http_server import LLMServer

KEY = "sk-proj-keys-5c1f09e2b7a4d386"
N_SNIPPETS = 11


def files_hold(root, text: str) -> list[str]:
    return [str(p) for p in root.rglob("*") if p.is_file() and text.encode() in p.read_bytes()]


@pytest.mark.parametrize("given", [KEY + "\r", KEY + "\r\n", f"  {KEY}\t", "\n" + KEY])
def test_space_around_a_key_is_stripped(given, tmp_path):
    env = openai_cli_env(tmp_path, given)
    with LLMServer() as server:
        proc = run_openai_cli(env, f"{server.url}/v1", tmp_path / "r")
        sent = {r.headers["authorization"] for r in server.requests}
    assert proc.returncode == 0, proc.stderr
    assert sent == {f"Bearer {KEY}"} and len(server.requests) == N_SNIPPETS
    rows = RunFolder(tmp_path / "r").rows()
    assert len(rows) == N_SNIPPETS and not any(r.error for r in rows)
    assert files_hold(tmp_path / "r", KEY) == [] and KEY not in proc.stderr + proc.stdout


@pytest.mark.parametrize(("inside", "what"), [(c, "control character") for c in ["\r", "\n", "\t", "\x1b", "\x7f",
                                                                             "\x85"]]
                         + [(c, "outside ASCII") for c in ["\u200b", "\ufeff", "é"]])  # pasted with the key
def test_a_control_character_inside_a_key_is_refused_without_printing_it(inside, what, tmp_path):
    given = KEY[:12] + inside + KEY[12:]
    env = openai_cli_env(tmp_path, given)
    with LLMServer() as server:
        proc = run_openai_cli(env, f"{server.url}/v1", tmp_path / "r")
        assert server.requests == []  # refused before asking: not a connection failure, nothing retried
    assert proc.returncode == 2, proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert "OPENAI_API_KEY" in line and what in line and "Traceback" not in line
    for piece in (KEY[:12], KEY[12:], KEY[-4:]):
        assert piece not in proc.stderr + proc.stdout
    assert files_hold(tmp_path, KEY[12:]) == []


class LeakingCache:
    """A cache whose every store fails with an error that quotes the request's Authorization header: whatever
    an error or its traceback carries is scrubbed before it reaches a file."""

    def get_many(self, keys):
        return {}

    def put_many(self, items):
        raise RuntimeError(f"cannot store: request headers were {{'authorization': 'Bearer {KEY}'}}")

    def flush(self):
        pass


def test_an_error_quoting_the_key_reaches_no_file(fixture_corpus, tmp_path, llm_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with LLMServer() as server:
        options = ReviewOptions(base_url=f"{server.url}/v1", cache=LeakingCache(), concurrency=1)
        result = run_reviewers(fixture_corpus, ["openai:gpt-4o-mini"], tmp_path / "r", options)
    failure = result.failures["openai:gpt-4o-mini"]
    assert "cannot store" in failure and "[key]" in failure and KEY not in failure
    manifest = json.loads((tmp_path / "r/manifest.json").read_text())
    crash = manifest["reviewers"]["openai:gpt-4o-mini"]["crash"]
    assert "RuntimeError" in crash and "[key]" in crash
    rows = RunFolder(tmp_path / "r").rows()
    assert len(rows) == N_SNIPPETS and any("[key]" in (r.error or "") for r in rows)
    assert files_hold(tmp_path / "r", KEY) == [] and files_hold(tmp_path / "r", KEY[-12:]) == []


def test_the_docs_say_a_key_is_stripped():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "llm.md").read_text()
    assert "surrounding whitespace" in text and "control character" in text


def test_the_run_command_refuses_a_key_with_a_cr_for_anthropic_too(tmp_path):
    env = openai_cli_env(tmp_path, KEY) | {"ANTHROPIC_API_KEY": KEY[:12] + "\r" + KEY[12:]}
    with LLMServer() as server:
        proc = subprocess.run([*redpen_cmd(), "run", "-r", "anthropic:claude-x", "--corpus", str(FIXTURE_CORPUS),
                               "--out", str(tmp_path / "r"), "--base-url", server.url], capture_output=True,
                              text=True, env=env, timeout=120)
        assert server.requests == []
    assert proc.returncode == 2 and "ANTHROPIC_API_KEY" in proc.stderr and KEY[12:] not in proc.stderr
