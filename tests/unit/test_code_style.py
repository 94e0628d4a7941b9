"""corpus.toml's [code_style] (corpus/FORMAT.md): read strictly, passed to ruff as `--config` arguments, part of
ruff's cache key only when a corpus declares it; and filled by `mutate` from the project's ruff or isort
configuration (generate/project_metadata.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.generate.items import toml_table
from redpen_bench.generate.project_metadata import code_style
from redpen_bench.model.code_style import as_table, ruff_config_args
from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.corpus_toml import read_corpus_toml
from redpen_bench.reviewers import make_reviewer, parse_spec
from redpen_bench.reviewers.base import ReviewOptions

STYLE = {"ruff": {"line-length": 100, "lint": {"isort": {"force-single-line": True, "known-first-party": ["pkg"]}}}}


def _read(text: str) -> dict | None:
    return as_table(read_corpus_toml(tomllib.loads(f'name = "c"\n{text}'), Path("corpus.toml")).code_style)


def test_a_corpus_without_code_style_has_none_and_one_with_it_reads_back():
    assert _read("") is None
    assert _read(toml_table("code_style", STYLE)) == STYLE


@pytest.mark.parametrize(("text", "field"), [
    ("[code_style.black]\nline-length = 1\n", "code_style.black"),
    ("[code_style.ruff]\nselect = ['E']\n", "code_style.ruff.select"),
    ("[code_style.ruff.lint.isort]\nforce-single-line = 'yes'\n", "code_style.ruff.lint.isort.force-single-line"),
    ("[code_style.ruff.lint.isort]\nknown-first-party = ['--fix']\n", "code_style.ruff.lint.isort.known-first-party"),
    ("[code_style.ruff]\nline-length = 0\n", "code_style.ruff.line-length"),
])
def test_a_setting_ruff_would_not_take_from_us_is_refused_naming_its_field(text, field):
    with pytest.raises(CorpusError, match=rf"corpus.toml: field '{field}"):
        _read(text)


def test_ruff_gets_the_settings_as_config_arguments_in_a_fixed_order():
    assert ruff_config_args(None) == ruff_config_args({}) == []
    assert ruff_config_args(STYLE) == [
        "--config", "line-length = 100",
        "--config", 'lint.isort.force-single-line = true',
        "--config", 'lint.isort.known-first-party = ["pkg"]']


@given(st.dictionaries(st.sampled_from(["force-single-line", "order-by-type", "combine-as-imports"]), st.booleans()),
       st.integers(1, 320))
def test_every_argument_is_valid_toml_saying_what_the_table_says(isort, length):
    style = {"ruff": {"line-length": length, "lint": {"isort": isort}}}
    args = ruff_config_args(style)
    assert args[::2] == ["--config"] * (len(args) // 2)
    said = {}
    for setting in args[1::2]:
        key, value = setting.split(" = ", 1)
        said[key] = tomllib.loads(f"v = {value}")["v"]
    assert said == {"line-length": length} | {f"lint.isort.{k}": v for k, v in isort.items()}


def test_the_code_style_keys_ruffs_answers_and_only_when_a_corpus_has_one():
    plain = make_reviewer(parse_spec("ruff:bugs"), ReviewOptions(cache=None))
    styled = make_reviewer(parse_spec("ruff:bugs"), ReviewOptions(cache=None, code_style=STYLE))
    assert plain.profile_hash() == plain.profile.sha256  # the reference corpus's keys and rows are unchanged
    assert styled.profile_hash() != plain.profile_hash()
    assert ruff_config_args(STYLE)[1] in styled.profile_args()


# -- mutate: the project's own settings ---------------------------------------------------------------------


def _project(tmp_path: Path, files: dict[str, str], packages=("pkg",)) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    for package in packages:
        (tmp_path / "src" / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / "src" / package / "__init__.py").write_text("")
    return tmp_path


def _style(root: Path) -> tuple[dict, str]:
    return code_style(root, tomllib.loads((root / "pyproject.toml").read_text()) if (root / "pyproject.toml")
                      .is_file() else {})


def test_pyproject_tool_ruff_is_carried_with_the_packages_as_first_party(tmp_path):
    root = _project(tmp_path, {"pyproject.toml": "[tool.ruff]\nline-length = 120\nfix = true\n"
                               "[tool.ruff.lint]\nselect = ['I']\n[tool.ruff.lint.isort]\nforce-single-line = true\n"
                               "unknown-thing = 1\n"})
    assert _style(root) == ({"ruff": {"line-length": 120, "lint": {"isort": {
        "force-single-line": True, "known-first-party": ["pkg"]}}}}, "pyproject.toml [tool.ruff]")


def test_ruff_toml_wins_and_its_own_first_party_list_stands(tmp_path):
    root = _project(tmp_path, {"ruff.toml": "indent-width = 2\n[lint.isort]\nknown-first-party = ['other']\n",
                               "pyproject.toml": "[tool.ruff]\nline-length = 120\n"})
    assert _style(root) == ({"ruff": {"indent-width": 2, "lint": {"isort": {"known-first-party": ["other"]}}}},
                            "ruff.toml")


@pytest.mark.parametrize(("name", "text", "source"), [
    ("setup.cfg", "[isort]\nforce_single_line = True\nline_length = 99\nknown_first_party = a, b\nprofile = black\n",
     "setup.cfg [isort]"),
    (".isort.cfg", "[settings]\nforce_single_line = true\nline_length = 99\nknown_first_party = a,b\n",
     ".isort.cfg [settings]"),
    ("pyproject.toml", "[tool.isort]\nforce_single_line = true\nline_length = 99\nknown_first_party = ['a', 'b']\n",
     "pyproject.toml [tool.isort]"),
])
def test_isort_settings_are_read_in_ruffs_spelling(tmp_path, name, text, source):
    root = _project(tmp_path, {name: text})
    assert _style(root) == ({"ruff": {"line-length": 99, "lint": {"isort": {
        "force-single-line": True, "known-first-party": ["a", "b"]}}}}, source)


def test_a_project_with_no_configuration_still_names_its_packages_and_a_bad_value_is_left_out(tmp_path):
    assert _style(_project(tmp_path / "a", {})) == ({"ruff": {"lint": {"isort": {"known-first-party": ["pkg"]}}}},
                                                    "")
    bad = _project(tmp_path / "b", {"pyproject.toml": "[tool.ruff]\nline-length = 'long'\n"}, packages=())
    assert _style(bad) == ({}, "pyproject.toml [tool.ruff]")
