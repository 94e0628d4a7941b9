"""Static analyzers on a Dask LocalCluster (--executor dask:local): the corpus's files split into batches, one
tool process per batch on a worker, and every shipped profile's rows are the rows of one local run."""

from __future__ import annotations

from dataclasses import replace

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.batches import batches
from redpen_bench.run.executor import open_executor
from redpen_bench.run.runner import run_reviewers
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
