"""`inspect:PATH`: an Inspect AI eval of the redpen task imported into a run folder, like a replay file: rows
under inspect/<model>, epochs as samples, failed samples as error rows, tokens and cost, the logs fingerprinted."""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("inspect_ai", reason="inspect_ai is not installed (pip install -e '.[inspect]')")

from redpen_bench.errors import InputError
from redpen_bench.model.verdict import parse_answer
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.llm.prices import cost_usd
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS
from tests.corpus_factory import make_corpus
from tests.e2e.inspect_helpers import Answers, mock_model, run_task


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Two evals of the fixture corpus (two epochs of one model with a failed sample, one epoch of another) and
    a log of another task, written once for the module."""
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import Sample
    from inspect_ai.scorer import match

    from redpen_bench.model.corpus import load_corpus

    corpus = load_corpus(FIXTURE_CORPUS)
    root = tmp_path_factory.mktemp("inspect")
    answers = Answers(corpus, fail={"t1-total/fixed"})
    first = run_task(FIXTURE_CORPUS, root / "a", mock_model(answers), epochs=2, fail_on_error=False)
    second = run_task(FIXTURE_CORPUS, root / "b", mock_model(Answers(corpus), name="other"))
    inspect_eval(Task(dataset=[Sample(input="2+2?", target="4")], scorer=match(), name="arith"),
                 model=mock_model(Answers(corpus)), log_dir=str(root / "c"), display="none")
    return {"first": first, "second": second, "root": root, "answers": answers}


def _rows(run_dir):
    return {(r.reviewer, r.item, r.variant, r.sample): r for r in RunFolder(run_dir).rows()}


def test_epochs_are_samples_errors_are_error_rows_and_tokens_are_priced(fixture_corpus, logs, tmp_path):
    log = logs["first"]
    result = run_reviewers(fixture_corpus, [f"inspect:{log.location}"], tmp_path / "run",
                           ReviewOptions(prices={"model": {"input": 2.0, "output": 8.0}}))
    rows = _rows(tmp_path / "run")
    assert len(rows) == 2 * len(fixture_corpus.snippets)
    assert {key[0] for key in rows} == {"inspect/mockllm/model"}
    assert {key[3] for key in rows} == {0, 1}
    for sample in log.samples:
        row = rows[("inspect/mockllm/model", *str(sample.id).split("/"), sample.epoch - 1)]
        if sample.error is not None:
            assert sample.id == "t1-total/fixed"
            assert row.error == f"inspect: {sample.error.message}" and row.defect is None
            continue
        verdict = parse_answer(sample.output.completion)  # the one parser, as for a live answer
        assert (row.defect, row.lines, row.explanation) == (verdict.defect, verdict.lines,
                                                                     verdict.explanation)
        usage = sample.model_usage["mockllm/model"]
        assert (row.input_tokens, row.output_tokens) == (usage.input_tokens, usage.output_tokens)
        # the run's [prices] price the model by its last name, as for live reviewers
        assert row.cost_usd == cost_usd({"input": 2.0, "output": 8.0}, usage.input_tokens, usage.output_tokens)
        assert row.snippet == sample.metadata["snippet"]
    assert sum(1 for r in rows.values() if r.error) == 1
    (failed,) = [s for s in log.samples if s.error is not None]
    # the run's outcome counts sample 0, as `--samples 1` would
    assert result.outcomes["inspect/mockllm/model"]["errors"] == (1 if failed.epoch == 1 else 0)


def test_a_folder_of_logs_gives_a_reviewer_per_model_and_skips_other_tasks(fixture_corpus, logs, tmp_path):
    run_reviewers(fixture_corpus, [f"inspect:{logs['root']}"], tmp_path / "run", ReviewOptions())
    rows = _rows(tmp_path / "run")
    assert {key[0] for key in rows} == {"inspect/mockllm/model", "inspect/mockllm/other"}
    other = [r for key, r in rows.items() if key[0] == "inspect/mockllm/other"]
    assert len(other) == len(fixture_corpus.snippets)
    assert all(r.cost_usd is None for r in other)  # no price for a mock model
    manifest = RunFolder(tmp_path / "run").read_manifest()["reviewers"][f"inspect:{logs['root']}"]
    assert sorted(manifest["rows_as"]) == ["inspect/mockllm/model", "inspect/mockllm/other"]
    assert len(manifest["info"]["logs"]) == 3  # every log read is fingerprinted, the other task's too


def test_named_import_files_one_model_under_its_name(fixture_corpus, logs, tmp_path):
    run_reviewers(fixture_corpus, [f"mine=inspect:{logs['second'].location}"], tmp_path / "run", ReviewOptions())
    assert {key[0] for key in _rows(tmp_path / "run")} == {"mine"}
    run_reviewers(fixture_corpus, [f"both=inspect:{logs['root']}"], tmp_path / "run2", ReviewOptions())
    assert {key[0] for key in _rows(tmp_path / "run2")} == {"both/inspect/mockllm/model",
                                                            "both/inspect/mockllm/other"}


def test_the_same_logs_add_nothing_and_a_changed_folder_replaces_its_rows(fixture_corpus, logs, tmp_path):
    folder = tmp_path / "logs"
    shutil.copytree(logs["root"] / "b", folder)
    run_reviewers(fixture_corpus, [f"inspect:{folder}"], tmp_path / "run", ReviewOptions())
    again = run_reviewers(fixture_corpus, [f"inspect:{folder}"], tmp_path / "run", ReviewOptions())
    assert again.new_rows == {}
    shutil.copy(logs["first"].location, folder)  # a second model's log lands in the folder
    changed = run_reviewers(fixture_corpus, [f"inspect:{folder}"], tmp_path / "run", ReviewOptions())
    assert changed.new_rows == {"inspect/mockllm/model": 2 * len(fixture_corpus.snippets),
                                "inspect/mockllm/other": len(fixture_corpus.snippets)}
    rows = RunFolder(tmp_path / "run").rows()
    assert len(rows) == 3 * len(fixture_corpus.snippets)  # the stale rows went, none doubled


def test_a_log_of_another_corpus_or_task_is_refused_naming_the_file(logs, tmp_path):
    from redpen_bench.model.corpus import load_corpus

    other = load_corpus(make_corpus(tmp_path / "c", {"easy": 1, "medium": 1, "hard": 1}))
    with pytest.raises(InputError, match=r"\.eval: sample t1-total/[a-z]+ \(epoch 1\): field 'item': unknown item"):
        run_reviewers(other, [f"inspect:{logs['second'].location}"], tmp_path / "run", ReviewOptions())
    (arith,) = (logs["root"] / "c").iterdir()
    with pytest.raises(InputError, match=r"field 'eval.task': '.*arith' is not Red-Pen's task"):
        run_reviewers(other, [f"inspect:{arith}"], tmp_path / "run", ReviewOptions())
    with pytest.raises(InputError, match="no Inspect logs"):
        run_reviewers(other, [f"inspect:{tmp_path / 'c' / 'items'}"], tmp_path / "run", ReviewOptions())


def test_a_log_of_changed_files_is_refused(fixture_corpus, logs, tmp_path):
    shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")
    path = tmp_path / "corpus" / "items" / "t1-total" / "original.py"
    path.write_text(path.read_text() + "\n# changed\n")
    from redpen_bench.model.corpus import load_corpus

    with pytest.raises(InputError, match="field 'snippet'"):
        run_reviewers(load_corpus(tmp_path / "corpus"), [f"inspect:{logs['second'].location}"], tmp_path / "run",
                      ReviewOptions())
