"""One check says whether a run folder belongs to a corpus (RunFolder.check_made_for): a run that adds rows, a
dry run that only plans, and the commands that read rows all ask it, so they refuse the same folders."""

from __future__ import annotations

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder, RunFolderError
from redpen_bench.run.run_set import read_run_set
from redpen_bench.run.runner import run_reviewers
from tests.corpus_factory import make_corpus


@pytest.fixture
def two_corpora(tmp_path):
    beta = make_corpus(tmp_path / "b", {"easy": 2}, name="beta")
    (beta / "items/e00-synthetic/clean.py").write_text("def f(x):\n    return x\n")  # alpha's rows miss it
    return load_corpus(make_corpus(tmp_path / "a", {"easy": 1}, name="alpha")), load_corpus(beta)


def test_a_folder_of_another_corpus_is_refused_by_run_dry_run_and_readers(tmp_path, two_corpora):
    alpha, beta = two_corpora
    out = tmp_path / "run"
    run_reviewers(alpha, ["always-no"], out, ReviewOptions(cache=None))
    with pytest.raises(RunFolderError, match=r"this run folder was made for corpus alpha .*choose another --out"):
        run_reviewers(beta, ["always-no"], out, ReviewOptions(cache=None))
    with pytest.raises(RunFolderError, match=r"this run folder was made for corpus alpha .*choose another --out"):
        run_reviewers(beta, ["always-no"], out, ReviewOptions(cache=None, dry_run=True))
    with pytest.raises(RunFolderError, match=rf"made for corpus {alpha.hash[:12]}, but the corpus given is beta "
                                             ".*pass the right --corpus"):
        read_run_set([out], beta)
    assert len(RunFolder(out).rows()) == len(alpha.snippets)  # nothing was added by the refused runs


def test_rows_without_a_manifest_are_checked_by_a_dry_run_too(tmp_path, two_corpora):
    alpha, beta = two_corpora
    out = tmp_path / "run"
    run_reviewers(alpha, ["always-no"], out, ReviewOptions(cache=None))
    (out / "manifest.json").unlink()
    # a dry run plans against the rows it finds: rows of another corpus would be counted as answers
    with pytest.raises(RunFolderError, match=r"rows but no manifest.json.*e00-synthetic clean"):
        run_reviewers(beta, ["always-no"], out, ReviewOptions(cache=None, dry_run=True))
    assert not (out / "manifest.json").exists()
    assert RunFolder(out).check_made_for(alpha) is None  # the corpus the rows answer: taken, nothing written
    assert not (out / "manifest.json").exists()
