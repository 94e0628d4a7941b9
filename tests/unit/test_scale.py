"""A broken corpus is refused by every compare, and the scale benchmark's copies are a loadable corpus the tools
cannot skip."""

from __future__ import annotations

import importlib.util
import shutil
import sys

import pytest

from redpen_bench.api import check_integrity
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import load_corpus
from tests.conftest import FIXTURE_CORPUS, ROOT


def test_a_broken_corpus_is_refused_every_time(tmp_path):
    root = shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")
    check_integrity(load_corpus(root))
    toml = root / "items" / "t1-total" / "item.toml"
    toml.write_text(toml.read_text().replace("lines = [3]", "lines = [1]", 1))
    broken = load_corpus(root)
    for _ in range(2):
        with pytest.raises(InputError, match="integrity check failed: t1-total"):
            check_integrity(broken)


def test_scaled_copies_load_with_their_own_ids_and_changed_files(tmp_path):
    spec = importlib.util.spec_from_file_location("redpen_scale_benchmark", ROOT / "benchmarks" / "scale.py")
    scale = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = scale  # its dataclasses look their module up
    spec.loader.exec_module(scale)
    source = load_corpus(FIXTURE_CORPUS)
    copied = load_corpus(scale.scale_corpus(FIXTURE_CORPUS, tmp_path / "x3", 3))
    assert len(copied.items) == 3 * len(source.items)
    assert len({item.id for item in copied.items}) == len(copied.items)
    original = {v.sha256 for v in source.snippets}
    assert not original & {v.sha256 for v in copied.snippets}  # no file the cache or a tool could skip
    first = copied.item(f"{source.items[0].id}-c00")
    assert first.variants["original"].planted_lines == source.items[0].variants["original"].planted_lines
    assert first.file("original").read_text().endswith("# scale copy 1 of 3\n")
