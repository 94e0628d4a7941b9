"""Corpus authoring: `verify --items` checks only those items, a domain overlap names the words in both,
`verify` and `new-item` default to the same corpus, and a corpus changed under the same version is pointed out."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from redpen_bench.model.corpus import load_corpus
from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def verify(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*redpen_cmd(), "verify", "--format", "json", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture
def work(tmp_path) -> Path:
    shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")
    return tmp_path


def test_items_checks_only_those_and_domain_failures_name_the_shared_words(work):
    # t3's disguise borrows t1's words (t3 is not checked, but t1 is compared with it)
    with (work / "corpus" / "items" / "t3-guard" / "disguised.py").open("a") as f:
        f.write("\ntotal_amount_rate = None\n")
    proc = verify(work, "--items", "t1-total", "--max-domain-overlap", "0.2")
    report = json.loads(proc.stdout)
    assert proc.returncode == 1
    assert report["counts"]["items"] == 1 and report["counts"]["killable"] == 1
    assert report["counts"]["snippets"] == 4  # t1's four variants only
    assert {f["item"] for f in report["failures"]} == {"t1-total"}  # t3's overlap with t1 is t1's failure too
    reasons = [f["reason"] for f in report["failures"] if "shares its domain" in f["reason"]]
    assert reasons and all(r.endswith("; words in both: amount, rate, total") for r in reasons), reasons
    assert report["closest_domains"]["words"] == ["amount", "rate", "total"]
    proc = verify(work, "--items", "t9-none")
    assert proc.returncode == 2 and "--items: no item 't9-none'" in proc.stderr


def test_verify_and_new_item_default_to_the_corpus_in_the_working_folder(work):
    made = subprocess.run([*redpen_cmd(), "new-item", "t4-new", "--tier", "easy"], cwd=work, capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    assert (work / made.stdout.splitlines()[-1]).resolve().parent == (work / "corpus" / "items").resolve()
    proc = verify(work)  # the scaffold is not a finished item: verify, on the same corpus, says so
    assert proc.returncode != 0 and "t4-new" in proc.stdout + proc.stderr


def test_content_changed_under_the_same_version_is_pointed_out(work):
    corpus = load_corpus(work / "corpus")
    for name, digest in (("old", "0" * 64), ("same", corpus.hash)):
        (work / "runs" / name).mkdir(parents=True)
        (work / "runs" / name / "manifest.json").write_text(json.dumps(
            {"corpus": {"name": corpus.name, "version": corpus.version, "hash": digest}}))
    (work / "reports" / "broken").mkdir(parents=True)
    (work / "reports" / "broken" / "manifest.json").write_text("{not json")
    proc = verify(work, "--items", "t2-empty")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"changed under the same version: runs/old ({'0' * 12}) were made" in proc.stderr
    assert "runs/same" not in proc.stderr
    assert len(json.loads(proc.stdout)["warnings"]) == 1
    (work / "runs" / "old" / "manifest.json").unlink()
    assert "warning" not in verify(work, "--items", "t2-empty").stderr
