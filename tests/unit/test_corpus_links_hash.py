"""The loader refuses a symlink that leads out of the corpus (it would be read and sent to reviewers), keeps
links inside it, and hashes every file of an item folder: subfolders and dotfiles too, never bytecode."""

from __future__ import annotations

import os
import shutil

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import CorpusError
from tests.conftest import FIXTURE_CORPUS


@pytest.fixture
def copy(tmp_path):
    return shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")


@pytest.mark.parametrize("target", ["outside", "/proc/self/environ"])
def test_link_out_of_the_corpus_is_refused(tmp_path, copy, target):
    if target == "outside":
        target = tmp_path / "secret.py"
        target.write_text("API_KEY = 'sk-live'\n")
    clean = copy / "items/t1-total/clean.py"
    clean.unlink()
    clean.symlink_to(target)
    with pytest.raises(CorpusError) as caught:
        load_corpus(copy)
    assert str(caught.value) == (f"{clean}: symlink to {os.path.realpath(target)}, outside the corpus folder "
                                 f"{copy.resolve()}: refused")


@pytest.mark.parametrize("where", ["items/t2-empty/notes", "items/t2-empty", "corpus.toml"])
def test_links_elsewhere_in_the_tree_are_refused_too(tmp_path, copy, where):
    outside = tmp_path / "elsewhere"
    shutil.copytree(copy / "items/t2-empty", outside)
    (outside / "corpus.toml").write_text((copy / "corpus.toml").read_text())
    link = copy / where
    if link.exists():
        shutil.rmtree(link) if link.is_dir() else link.unlink()
    link.symlink_to(outside / "corpus.toml" if where == "corpus.toml" else outside)
    with pytest.raises(CorpusError, match=f"^{link}: symlink to .*, outside the corpus folder"):
        load_corpus(copy)


def test_link_inside_the_corpus_is_read_through(copy):
    before = load_corpus(copy)
    clean = copy / "items/t1-total/clean.py"
    shutil.copy(clean, copy / "shared-clean.py")
    clean.unlink()
    clean.symlink_to(copy / "shared-clean.py")
    after = load_corpus(copy)
    assert after.item("t1-total").variants["clean"].text == before.item("t1-total").variants["clean"].text
    assert after.hash == before.hash  # the link's content is hashed, as the file was


@pytest.mark.parametrize("path", ["items/t1-total/data/table.csv", "items/t1-total/.hidden",
                                  "items/t1-total/data/.deeper/x.py"])
def test_hash_covers_subfolders_and_dotfiles(copy, path):
    before = load_corpus(copy).hash
    (copy / path).parent.mkdir(parents=True, exist_ok=True)
    (copy / path).write_text("1\n")
    assert load_corpus(copy).hash != before


def test_hash_skips_bytecode(copy):
    before = load_corpus(copy).hash
    (copy / "items/t1-total/__pycache__").mkdir()
    (copy / "items/t1-total/__pycache__/test_item.cpython-311.pyc").write_bytes(b"\x00")
    (copy / "items/t1-total/stray.pyc").write_bytes(b"\x00")
    assert load_corpus(copy).hash == before


def test_a_link_looping_back_up_is_read_once(copy):
    before = load_corpus(copy).hash
    (copy / "items/t1-total/loop").symlink_to(copy / "items/t1-total")
    assert load_corpus(copy).hash == before


def test_two_links_to_one_folder_are_both_hashed(copy):
    """Whichever the folder listing names first: the hash does not depend on the order of a listing."""
    (copy / "items/t1-total/data").mkdir()
    (copy / "items/t1-total/data/x.csv").write_text("1\n")
    (copy / "items/t1-total/also").symlink_to(copy / "items/t1-total/data")
    corpus = load_corpus(copy)
    assert {"items/t1-total/data/x.csv", "items/t1-total/also/x.csv"} <= set(corpus.file_hashes)
