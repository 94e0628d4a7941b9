"""Static analyzers on a Dask LocalCluster (--executor dask:local): the corpus's files split into batches, one
tool process per batch on a worker, and every shipped profile's rows are the rows of one local run."""

from __future__ import annotations

from dataclasses import replace

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.executor import open_executor
from redpen_bench.run.runner import run_reviewers
from redpen_bench.run.tool_batches import batches
from tests.tools.test_shared_runs import SHIPPED_PROFILES, rows

pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def both_runs(tmp_path_factory):
    """The shipped corpus under every shipped profile: once locally, once on a two-worker LocalCluster."""
    root = tmp_path_factory.mktemp("executor")
    corpus = load_corpus(None)
    options = ReviewOptions(cache=None, timeout=900)
    assert run_reviewers(corpus, SHIPPED_PROFILES, root / "local", options).failures == {}
    with open_executor("dask:local", 2) as executor:
        assert executor.distributed and executor.workers == 2
        done = run_reviewers(corpus, SHIPPED_PROFILES, root / "dask", replace(options, executor=executor))
        assert done.failures == {}
    return corpus, root / "local", root / "dask"


def test_the_shipped_corpus_is_split_into_several_batches():
    digests = sorted({v.sha256 for v in load_corpus(None).snippets})
    cut = batches(digests, 2)
    assert len(cut) > 1
    assert [d for batch in cut for d in batch] == digests


@pytest.mark.parametrize("spec", SHIPPED_PROFILES)
def test_each_shipped_profile_gives_the_same_rows_on_dask(both_runs, spec):
    corpus, local, dask = both_runs
    mine, spread = rows(local, spec), rows(dask, spec)
    assert len(mine) == len(corpus.snippets)
    assert spread == mine


def _ruff_and_files():
    from redpen_bench.reviewers import make_reviewer, parse_spec

    corpus = load_corpus(None)
    reviewer = make_reviewer(parse_spec("ruff:default"), ReviewOptions(cache=None))
    files = {v.sha256: v.path for v in corpus.snippets}
    return reviewer, files


def test_batches_carried_as_contents_say_what_one_run_says():
    """Inline (one process), so only the batching and the carrying of contents are under test."""
    from redpen_bench.run.executor import Executor
    from redpen_bench.run.tool_batches import scan_spread

    reviewer, files = _ruff_and_files()
    spread = scan_spread(reviewer, files, Executor("inline", None, 2, distributed=True))
    assert spread == reviewer.scan(files)


def test_a_worker_with_another_tool_version_is_refused(monkeypatch):
    from redpen_bench.reviewers.tools.static import ToolError
    from redpen_bench.run import tool_batches as module
    from redpen_bench.run.executor import Executor

    reviewer, files = _ruff_and_files()
    monkeypatch.setattr(module, "tool_version", lambda dist: "0.0.1")  # what a worker with old ruff reports
    with pytest.raises(ToolError, match=r"a Dask worker has ruff 0\.0\.1"):
        module.scan_spread(reviewer, files, Executor("inline", None, 2, distributed=True))
