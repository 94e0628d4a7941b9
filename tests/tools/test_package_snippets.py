"""Lint-neutral excerpts (issue 32): a snippet of a package module, linted by the real tools with Red-Pen's
profiles, draws no finding that the full module draws nowhere in its package. The package is a src layout with
relative imports, an absolute first-party import, a base class in another module and its own isort settings
(tests/fixtures/excerpt_pkg); the excerpts are cut from it as `mutate` cuts them."""

from __future__ import annotations

import hashlib
import shutil
import tomllib
from pathlib import Path

import pytest

from redpen_bench.generate.excerpt import excerpt
from redpen_bench.generate.items import toml_table
from redpen_bench.generate.operators import scan
from redpen_bench.generate.project_metadata import project_metadata
from redpen_bench.model.code_style import as_table
from redpen_bench.model.corpus_toml import read_corpus_toml
from redpen_bench.reviewers import make_reviewer, parse_spec
from redpen_bench.reviewers.base import ReviewOptions, cache_key
from redpen_bench.reviewers.tools.package_site import module_site, site_of
from tests.excerpt_lint import excerpt_only

PACKAGE = Path(__file__).resolve().parents[1] / "fixtures" / "excerpt_pkg"
MODULE, INIT = "src/pkgdemo/core.py", "src/pkgdemo/__init__.py"


def _corpus(tmp_path: Path, code_style: bool = True) -> Path:
    """A corpus of one item per function of core.py: its fixed.py the excerpt `mutate` writes for a mutant
    there (whole_file_limit lowered: the module is short), its provenance naming the project."""
    project = tmp_path / "project"
    shutil.copytree(PACKAGE, project)
    corpus = tmp_path / "corpus"
    source = (project / MODULE).read_text(encoding="utf-8")
    meta = project_metadata(project)
    head = {"name": meta.name, "version": "1", "license": meta.licence}
    text = toml_table(None, head) + ("\n" + toml_table("code_style", meta.code_style) if code_style else "")
    (corpus / "items").mkdir(parents=True)
    (corpus / "corpus.toml").write_text(text, encoding="utf-8")
    done = set()
    for mutant in scan(source, include_obvious=True).mutants:
        if mutant.function in done:
            continue
        done.add(mutant.function)
        folder = corpus / "items" / f"g{len(done):04d}-x"
        folder.mkdir()
        (folder / "fixed.py").write_text(excerpt(source, mutant, whole_file_limit=5).fixed, encoding="utf-8")
        (folder / "item.toml").write_text(toml_table("provenance", {"project": "../project", "source": MODULE}),
                                          encoding="utf-8")
    assert {"Codec.handle", "Codec.decode", "checksum", "digest"} <= done
    # the package's __init__.py, short: its snippet is the whole file, re-exports included
    init = corpus / "items" / "g0099-init"
    init.mkdir()
    init_source = (project / INIT).read_text(encoding="utf-8")
    mutant = next(m for m in scan(init_source, include_obvious=True).mutants if m.function == "describe")
    (init / "fixed.py").write_text(excerpt(init_source, mutant).fixed, encoding="utf-8")
    (init / "item.toml").write_text(toml_table("provenance", {"project": "../project", "source": INIT}),
                                    encoding="utf-8")
    return corpus


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return _corpus(tmp_path_factory.mktemp("pkg"))


@pytest.mark.parametrize("reviewer", ["pylint:default", "pylint:bugs", "ruff:default", "ruff:bugs", "bandit:default",
                                      "semgrep:bugs"])
def test_an_excerpt_draws_nothing_its_module_does_not(corpus, reviewer):
    assert excerpt_only(reviewer, corpus) == {}


def _findings(reviewer_spec: str, files: list[Path], code_style=None, place=None) -> dict[Path, set[str]]:
    reviewer = make_reviewer(parse_spec(reviewer_spec), ReviewOptions(cache=None, code_style=code_style))
    if place is not None:
        reviewer.place = place
    results = reviewer.scan({hashlib.sha256(str(p).encode()).hexdigest(): p for p in files})
    return {p: {f.rule for f in results[hashlib.sha256(str(p).encode()).hexdigest()].findings} for p in files}


def test_the_same_excerpt_linted_alone_draws_what_its_package_answers(corpus, tmp_path):
    """The teeth of the test above: away from its package (the project gone), pylint says the relative imports
    go beyond the top level and the overriding method's unused argument is unused."""
    placed = sorted(corpus.glob("items/*/fixed.py"))
    alone = tmp_path / "alone"
    shutil.copytree(corpus, alone)
    for meta in alone.glob("items/*/item.toml"):
        meta.write_text(meta.read_text(encoding="utf-8").replace("../project", "../project_gone"), encoding="utf-8")
    lone = sorted(alone.glob("items/*/fixed.py"))
    assert all(site_of(p) is not None for p in placed) and not any(site_of(p) for p in lone)
    said_placed = set().union(*_findings("pylint:default", placed).values())
    said_alone = set().union(*_findings("pylint:default", lone).values())
    assert {"relative-beyond-top-level", "unused-argument"} <= said_alone
    assert not said_placed & {"relative-beyond-top-level", "unused-argument", "import-error", "no-name-in-module",
                              "unused-import"}
    assert not set().union(*_findings("ruff:default", placed).values()) & {"F401"}


def test_an_init_snippet_is_judged_as_an_init_module(corpus):
    """Its re-exports are no unused imports to pylint or ruff, as in its package; the same text as an ordinary
    module of the package draws them."""
    init = corpus / "items" / "g0099-init" / "fixed.py"
    ordinary = corpus.parent / "project" / "src" / "pkgdemo" / "reexports.py"
    ordinary.write_bytes(init.read_bytes())
    try:
        for spec, rule in (("pylint:default", "unused-import"), ("ruff:default", "PLC0414")):
            assert rule not in _findings(spec, [init])[init]
            assert rule in _findings(spec, [ordinary], place=lambda p: module_site(p.resolve()))[ordinary]
    finally:
        ordinary.unlink()

def test_ruff_sorts_imports_as_the_project_does_only_with_its_code_style(tmp_path):
    bare = _corpus(tmp_path / "bare", code_style=False)
    styled = _corpus(tmp_path / "styled") / "corpus.toml"
    style = as_table(read_corpus_toml(tomllib.loads(styled.read_text(encoding="utf-8")), styled).code_style)
    assert style == {"ruff": {"line-length": 100, "lint": {"isort": {
        "force-single-line": True, "order-by-type": False, "known-first-party": ["pkgdemo"]}}}}
    files = sorted(bare.glob("items/*/fixed.py"))
    assert any("I001" in rules for rules in _findings("ruff:default", files).values())
    assert not any("I001" in rules for rules in _findings("ruff:default", files, style).values())


def test_a_placed_snippet_has_a_cache_key_of_its_own_and_one_alone_keeps_its_key(corpus):
    reviewer = make_reviewer(parse_spec("pylint:bugs"), ReviewOptions(cache=None))
    placed = next(corpus.glob("items/*/fixed.py"))
    loose = corpus / "loose.py"
    loose.write_bytes(placed.read_bytes() + b"\n")
    reviewer.lookup({"placed": placed, "loose": loose})
    keys = reviewer.cache_keys(["placed", "loose"])
    plain = dict(tool="pylint", version=reviewer.version, packages=reviewer.packages, profile=reviewer.profile_hash(),
                 reader=reviewer.reader_version)
    assert keys["loose"] == cache_key(**plain, file="loose")
    assert keys["placed"] == cache_key(**plain, file="placed", package=site_of(placed).digest)
