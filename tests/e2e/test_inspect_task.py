"""The redpen task in Inspect AI: Red-Pen's prompt, parser and scorer, so its metrics are `redpen-bench score`'s
on the same answers; and the round trip eval -> log -> `run -r inspect:LOGDIR` -> `score`."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="inspect_ai is not installed (pip install -e '.[inspect]')")

from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions, Task
from redpen_bench.reviewers.llm.openai_chat import OpenAIChat
from tests.conftest import FIXTURE_CORPUS, ROOT
from tests.e2e.inspect_helpers import (
    Answers,
    expected_metrics,
    import_log,
    mock_model,
    oracle_answer,
    run_task,
    score_json,
    task_metrics,
)
from tests.llm_http_server import Action, LLMServer


def test_one_sample_per_scored_file_with_the_llm_reviewers_own_prompt(fixture_corpus):
    from redpen_bench.inspect_task import redpen

    task = redpen(corpus=str(FIXTURE_CORPUS))
    reviewer = OpenAIChat("m", ReviewOptions(base_url="http://127.0.0.1:1"))
    samples = list(task.dataset)
    assert [s.id for s in samples] == [f"{v.item_id}/{v.name}" for v in fixture_corpus.snippets]
    assert [s.input for s in samples] == [reviewer.render(Task(v, 0)) for v in fixture_corpus.snippets]
    assert [s.target for s in samples] == ["yes" if v.defective else "no" for v in fixture_corpus.snippets]
    assert task.metadata["redpen_corpus"]["hash"] == fixture_corpus.hash


def test_mockllm_metrics_equal_redpen_score_on_the_same_answers(fixture_corpus, tmp_path):
    """Two epochs (the oracle's answers and a worse reviewer's: a wrong line, a false alarm, an unreadable
    answer, JSON) and one sample Inspect cannot finish: the task's metrics are the scored table's to the bit."""
    answers = Answers(fixture_corpus, fail={"t2-empty/clean"})
    log = run_task(FIXTURE_CORPUS, tmp_path / "logs", mock_model(answers), epochs=2, fail_on_error=False)
    assert log.status == "success"
    assert sum(1 for s in log.samples if s.error) == 1
    metrics = task_metrics(log)

    proc = import_log(tmp_path / "logs", FIXTURE_CORPUS, tmp_path / "run")
    assert proc.returncode == 0, proc.stderr
    scored = score_json(tmp_path / "run", FIXTURE_CORPUS)
    assert list(scored) == ["inspect/mockllm/model"]
    entry = scored["inspect/mockllm/model"]
    assert entry["samples"] == 2 and entry["errors"] == 1 and entry["unparsed"] >= 1
    assert metrics == expected_metrics(entry)  # exact: one scorer on both sides
    assert 0 < metrics["average"] < 1  # neither the oracle alone nor nothing


def test_oracle_answers_score_exactly_one(fixture_corpus, tmp_path):
    answers = Answers(fixture_corpus)
    log = run_task(FIXTURE_CORPUS, tmp_path / "logs", mock_model(answers))
    metrics = task_metrics(log)
    assert metrics["average"] == 1.0 and metrics["fpr"] == 0.0 and metrics["detection"] == 1.0


def _entry_point_path(tmp_path: Path) -> Path:
    """A dist-info that declares pyproject.toml's own `inspect_ai` entry point, so the test runs what an install
    registers, from this checkout, whichever checkout the environment installed."""
    points = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["inspect_ai"]
    dist = tmp_path / "site" / "redpen_bench_entry_points-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: redpen-bench-entry-points\nVersion: 0\n")
    (dist / "entry_points.txt").write_text("[inspect_ai]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()))
    return dist.parent


def test_inspect_eval_cli_through_openai_api_then_import_and_score(fixture_corpus, tmp_path):
    """`inspect eval redpen_bench/redpen --model openai-api/local/MODEL -T corpus=...` against the local HTTP
    server (a real socket), then `redpen-bench run -r inspect:LOGDIR` and `score`: the same numbers, and the
    server's token counts priced as the model's."""
    answers = {prompt: oracle_answer(s) for prompt, (s, _) in Answers(fixture_corpus).by_prompt.items()}
    answers[next(iter(answers))] = "DEFECT: yes\nLINES: 1\nEXPLANATION: the first line"  # one wrong, to differ
    env = dict(os.environ, LOCAL_BASE_URL="", LOCAL_API_KEY="not-checked",
               PYTHONPATH=os.pathsep.join([str(ROOT), str(_entry_point_path(tmp_path)),
                                           os.environ.get("PYTHONPATH", "")]))
    with LLMServer(lambda request: Action(text=answers[request.prompt])) as server:
        env["LOCAL_BASE_URL"] = f"{server.url}/v1"
        proc = subprocess.run(
            [sys.executable, "-m", "inspect_ai", "eval", "redpen_bench/redpen", "--model",
             "openai-api/local/gpt-4.1-mini", "-T", f"corpus={FIXTURE_CORPUS}", "--log-dir", str(tmp_path / "logs"),
             "--display", "none", "--log-format", "json"],
            env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        requests = list(server.requests)
    assert len(requests) == len(fixture_corpus.snippets)
    assert {r.prompt for r in requests} == set(answers)  # the prompts Red-Pen's own reviewers send
    assert {r.body.get("temperature") for r in requests} == {0}  # as openai: asks by default
    (log_file,) = (tmp_path / "logs").glob("*.json")

    from inspect_ai.log import read_eval_log

    log = read_eval_log(str(log_file))
    assert log.status == "success", log.error  # `inspect eval` exits 0 on an eval that failed
    metrics = {k: m.value for k, m in log.results.scores[0].metrics.items()}
    proc = import_log(tmp_path / "logs", FIXTURE_CORPUS, tmp_path / "run")
    assert proc.returncode == 0, proc.stderr
    scored = score_json(tmp_path / "run", FIXTURE_CORPUS)
    assert metrics == expected_metrics(scored["inspect/openai-api/local/gpt-4.1-mini"])
    assert metrics["average"] < 1.0

    from redpen_bench.reviewers.llm.prices import cost_usd, find_price
    from redpen_bench.run.folder import RunFolder

    sent = {r.prompt: r for r in requests}
    prompts = {f"{s.item_id}/{s.name}": p for p, (s, _) in Answers(fixture_corpus).by_prompt.items()}
    for row in RunFolder(tmp_path / "run").rows():
        prompt = prompts[f"{row.item}/{row.variant}"]
        # the server's usage: a token per 4 characters of prompt and of answer
        assert row.input_tokens == max(1, len(sent[prompt].prompt) // 4)
        assert row.output_tokens == max(1, len(answers[prompt]) // 4)
        assert row.cost_usd == cost_usd(find_price("gpt-4.1-mini"), row.input_tokens, row.output_tokens)
        assert row.cost_usd > 0


def test_task_takes_another_corpus_and_prompt(tmp_path):
    from redpen_bench.inspect_task import redpen
    from tests.corpus_factory import make_corpus

    corpus_dir = make_corpus(tmp_path / "c", {"easy": 2})
    prompt = tmp_path / "p.txt"
    prompt.write_text("Is this code wrong?\n{code}\n")
    task = redpen(corpus=str(corpus_dir), prompt=str(prompt))
    samples = list(task.dataset)
    assert len(samples) == len(load_corpus(corpus_dir).snippets) == 8
    assert samples[0].input.startswith("Is this code wrong?\n1 | def f(x):")
