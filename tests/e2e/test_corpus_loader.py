"""The loader: the fixture corpus reads; each kind of bad corpus gives one clear message naming file and field."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import CorpusError
from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def test_fixture_corpus_loads(fixture_corpus):
    assert [i.id for i in fixture_corpus.items] == ["t1-total", "t2-empty", "t3-guard"]
    assert fixture_corpus.tiers == ("easy", "medium", "hard")
    assert len(fixture_corpus.snippets) == 11
    assert len(fixture_corpus.hash) == 64
    t1 = fixture_corpus.item("t1-total")
    assert t1.variants["original"].planted_lines == (3,)
    assert t1.variants["original"].rel_path == "items/t1-total/original.py"


def test_hash_changes_with_any_file(tmp_path, fixture_corpus):
    copy = shutil.copytree(FIXTURE_CORPUS, tmp_path / "c")
    (copy / "items" / "t1-total" / "test_item.py").write_text("def check_original(m):\n    pass\n")
    assert load_corpus(copy).hash != fixture_corpus.hash


def broken(tmp_path, edit):
    copy = shutil.copytree(FIXTURE_CORPUS, tmp_path / "c")
    edit(copy)
    return copy


CASES = {
    "missing file": (lambda c: (c / "items/t1-total/fixed.py").unlink(), "t1-total/fixed.py: file missing"),
    "malformed toml": (lambda c: (c / "items/t2-empty/item.toml").write_text("id = [unclosed"), "malformed TOML"),
    "unknown tier": (
        lambda c: (c / "items/t2-empty/item.toml").write_text(
            (c / "items/t2-empty/item.toml").read_text().replace('tier = "medium"', 'tier = "brutal"')),
        "field 'tier': 'brutal' is not one of the corpus tiers",
    ),
    "wrong type": (
        lambda c: (c / "items/t2-empty/item.toml").write_text(
            (c / "items/t2-empty/item.toml").read_text().replace('tier = "medium"', "tier = 2")),
        "t2-empty/item.toml: field 'tier': expected a non-empty string, got 2",
    ),
    "duplicate id": (
        lambda c: (c / "items/t2-empty/item.toml").write_text(
            (c / "items/t2-empty/item.toml").read_text().replace('id = "t2-empty"', 'id = "t1-total"')),
        "field 'id': duplicate id 't1-total'",
    ),
    "line past end": (
        lambda c: (c / "items/t1-total/item.toml").write_text(
            (c / "items/t1-total/item.toml").read_text().replace("lines = [3]", "lines = [30]")),
        "field 'variants.original.lines': line 30 is outside the file (1..3)",
    ),
    "no keywords": (
        lambda c: (c / "items/t2-empty/item.toml").write_text(
            (c / "items/t2-empty/item.toml").read_text().replace('keywords = [["empty"], ["zero", "division"]]',
                                                                  "keywords = []")),
        "field 'variants.original.keywords'",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_corpus_errors(tmp_path, case):
    edit, message = CASES[case]
    corpus_dir = broken(tmp_path, edit)
    with pytest.raises(CorpusError, match=None) as err:
        load_corpus(corpus_dir)
    assert message in str(err.value)
    proc = subprocess.run([*redpen_cmd(), "run", "-r", "always-no", "--corpus", str(corpus_dir),
                           "--out", str(tmp_path / "run")], capture_output=True, text=True)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_missing_corpus_folder(tmp_path):
    with pytest.raises(CorpusError, match="corpus folder not found"):
        load_corpus(tmp_path / "nowhere")
