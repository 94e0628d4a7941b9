"""What is stored of an answer: never rewritten by a short key, a long key always scrubbed, a huge answer cut."""

from __future__ import annotations

import json

import pytest
from msgspec import UNSET

from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import MAX_LINES, parse_answer
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.llm.answers import MAX_STORED_BYTES
from redpen_bench.reviewers.llm.secrets import MIN_KEY_CHARS, Scrubber
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS
from tests.llm_http_server import DEFAULT_ANSWER, Action, LLMServer

N_SNIPPETS = 11
ANSWER = ("DEFECT: yes\nLINES: 2, 14\nEXPLANATION: the exclusive bound excludes element x; "
          "e.g. items[1:n-1] drops the last one (see 1e-9 and x1).")


def corpus():
    from redpen_bench.model.corpus import load_corpus

    return load_corpus(FIXTURE_CORPUS)


@pytest.mark.parametrize("key", ["e", "x", "1", "sk-short"])
def test_a_short_key_never_rewrites_an_answer(key, tmp_path, llm_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", key)
    with LLMServer(script=lambda r: Action(text=ANSWER)) as server:
        result = run_reviewers(corpus(), ["openai:gpt-4o-mini"], tmp_path / "r",
                               ReviewOptions(base_url=f"{server.url}/v1"))
        assert server.requests[0].headers["authorization"] == f"Bearer {key}"  # sent, as the user asked
    rows = RunFolder(tmp_path / "r").rows()
    assert not result.failures and len(rows) == N_SNIPPETS
    expected = parse_answer(ANSWER)
    assert all(r.raw == ANSWER and r.explanation == expected.explanation for r in rows)
    assert all("[key]" not in r.raw for r in rows)


def test_a_long_key_is_scrubbed_as_a_whole_token_with_its_masked_forms():
    key = "sk-proj-" + "a1B2c3D4e5F6g7H8"
    assert len(key) >= MIN_KEY_CHARS
    scrub = Scrubber(key)
    masked = key[:8] + "*" * 12 + key[-4:]
    text = f"key={key}; masked {masked}, in JSON \"{key}\". Longer run: {key}XYZ; {key[:-1]} stays."
    assert scrub(text) == (f"key=[key]; masked [key], in JSON \"[key]\". Longer run: {key}XYZ; {key[:-1]} stays.")
    assert Scrubber("e")("every e stays") == "every e stays" and Scrubber(None)("text") == "text"


def _answered_fresh_then_cached(tmp_path, first: str) -> list[list[str]]:
    """verdicts.jsonl's lines of a run whose first answer is `first` (the rest the default), then of the same run
    answered from the cache: what is stored must be the same both ways."""

    def script(request):
        return Action(text=first if request.index == 0 else DEFAULT_ANSWER)

    with LLMServer(script=script) as server:
        options = ReviewOptions(base_url=f"{server.url}/v1", concurrency=1, cache=tmp_path / "cache.sqlite3")
        run_reviewers(corpus(), ["openai:gpt-4o-mini"], tmp_path / "r", options)
        run_reviewers(corpus(), ["openai:gpt-4o-mini"], tmp_path / "again", options)  # from the cache
        assert len(server.requests) == N_SNIPPETS
    return [(tmp_path / out / "verdicts.jsonl").read_text().splitlines() for out in ("r", "again")]


def test_a_huge_answer_is_parsed_whole_and_stored_cut(tmp_path, llm_env):
    huge = "DEFECT: yes\nLINES: 2\nEXPLANATION: off-by-one in the slice. " + "more words " * 500_000  # ~5.5 MB
    small = DEFAULT_ANSWER
    for lines in _answered_fresh_then_cached(tmp_path, huge):
        assert max(len(line.encode()) for line in lines) < 2 * MAX_STORED_BYTES + 2048
        rows = [VerdictRow.from_dict(json.loads(line)) for line in lines]
        [cut] = [r for r in rows if r.truncated]
        assert cut.truncated is True and cut.defect is True and cut.lines == [2]
        assert len(cut.raw.encode()) <= MAX_STORED_BYTES and huge.startswith(cut.raw)
        assert cut.explanation.startswith("off-by-one in the slice.")
        others = [r for r in rows if r is not cut]
        assert all(r.truncated is UNSET and r.raw == small for r in others)  # other rows are unchanged


def test_an_answer_naming_200000_lines_is_stored_with_the_first_max_lines(tmp_path, llm_env):
    """Issue 34.6: 200,000 numbers (1.3 MB) made a 1.5 MB row holding all of them."""
    many = "DEFECT: yes\nLINES: " + ", ".join(str(n) for n in range(1, 200_001)) + "\nEXPLANATION: all of them"
    for lines in _answered_fresh_then_cached(tmp_path, many):
        assert max(len(line.encode()) for line in lines) < 2 * MAX_STORED_BYTES + 16 * 1024
        [cut] = [r for r in (VerdictRow.from_dict(json.loads(line)) for line in lines) if r.truncated]
        assert cut.defect is True and cut.lines == list(range(1, MAX_LINES + 1))
        assert cut.explanation == "all of them"
