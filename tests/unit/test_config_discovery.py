"""redpen.toml is found as ruff finds ruff.toml: --config wins, else the nearest folder up from the working one
holding redpen.toml or a pyproject.toml with [tool.redpen] (redpen.toml first in one folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from redpen_bench.cli import main
from redpen_bench.config import ConfigError, compare_settings, find_config, load_config, resolve_specs
from redpen_bench.errors import InputError
from tests.conftest import FIXTURE_CORPUS


def reviewer(name: str, spec: str = "always-no") -> str:
    return f'[reviewers.{name}]\nspec = "{spec}"\n'


def pyproject(name: str) -> str:
    return f'[project]\nname = "x"\n\n[tool.redpen.reviewers.{name}]\nspec = "always-yes"\n'


@pytest.fixture
def tree(tmp_path) -> Path:
    """top/ (redpen.toml) > mid/ (pyproject.toml without [tool.redpen]) > low/ (nothing)."""
    low = tmp_path / "top" / "mid" / "low"
    low.mkdir(parents=True)
    (tmp_path / "top" / "redpen.toml").write_text(reviewer("top"))
    (tmp_path / "top" / "mid" / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.ruff]\nline-length = 9\n')
    return tmp_path


def test_the_nearest_parent_config_is_found_and_a_pyproject_without_the_table_passed_over(tree):
    config = load_config(cwd=tree / "top" / "mid" / "low")
    assert config.path == tree / "top" / "redpen.toml" and set(config.reviewers) == {"top"}
    assert config.searched[:3] == (tree / "top/mid/low", tree / "top/mid", tree / "top")


def test_pyproject_tool_redpen_nearer_wins(tree):
    (tree / "top" / "mid" / "pyproject.toml").write_text(pyproject("mid"))
    config = load_config(cwd=tree / "top" / "mid" / "low")
    assert config.path == tree / "top" / "mid" / "pyproject.toml" and set(config.reviewers) == {"mid"}
    assert config.reviewers["mid"].spec == "always-yes"


def test_redpen_toml_beats_pyproject_in_the_same_folder(tree):
    mid = tree / "top" / "mid"
    (mid / "pyproject.toml").write_text(pyproject("py"))
    (mid / "redpen.toml").write_text(reviewer("own"))
    assert set(load_config(cwd=mid).reviewers) == {"own"}
    assert find_config(mid / "low")[0] == mid / "redpen.toml"


def test_explicit_config_wins_and_may_be_a_pyproject(tree):
    (tree / "elsewhere.toml").write_text(reviewer("given"))
    assert set(load_config(tree / "elsewhere.toml", cwd=tree / "top").reviewers) == {"given"}
    (tree / "top" / "mid" / "pyproject.toml").write_text(pyproject("py"))
    assert set(load_config(tree / "top" / "mid" / "pyproject.toml", cwd=tree).reviewers) == {"py"}
    with pytest.raises(ConfigError, match=r"pyproject.toml: field 'tool.redpen'"):
        (tree / "p2").mkdir()
        (tree / "p2" / "pyproject.toml").write_text('[project]\nname = "x"\n')
        load_config(tree / "p2" / "pyproject.toml")


def test_errors_and_relative_paths_in_pyproject(tree):
    mid = tree / "top" / "mid"
    (mid / "prompt.txt").write_text("review {code}")
    (mid / "pyproject.toml").write_text('[tool.redpen.reviewers.m]\nspec = "openai:m"\nprompt = "prompt.txt"\n'
                                        '[tool.redpen.compare]\nout = "reports-here"\n')
    config = load_config(cwd=mid / "low")
    assert config.reviewers["m"].options["prompt"] == mid / "prompt.txt"
    assert compare_settings(config).out == mid / "reports-here"
    (mid / "pyproject.toml").write_text('[tool.redpen.reviewers.m]\nspec = "openai:m"\ncolour = 1\n')
    with pytest.raises(ConfigError, match=r"pyproject.toml \[tool.redpen\]: field 'reviewers.m.colour'"):
        load_config(cwd=mid)


def test_an_unknown_name_says_which_files_were_looked_for(tree):
    config = load_config(cwd=tree / "top" / "mid" / "low")
    with pytest.raises(ConfigError, match=r"nor a named reviewer: configuration read: .*top/redpen.toml"):
        resolve_specs(["nothere"], config)
    empty = tree / "alone"
    empty.mkdir()
    nothing = load_config(cwd=empty)
    if nothing.path is None:  # a machine with a redpen.toml above the temp folder finds that one, rightly
        with pytest.raises(ConfigError, match=r"looked for redpen.toml, and pyproject.toml with \[tool.redpen\], "
                                              rf"in {empty} and its \d+ parent folders"):
            resolve_specs(["nothere"], nothing)
    with pytest.raises(ConfigError, match="unknown family 'nothere'"):  # the registry's own message first
        resolve_specs(["nothere"], config)
    with pytest.raises(InputError) as spec_error:  # a spec (FAMILY:ARG) is no name: no config talk
        resolve_specs(["nothere:x"], config)
    assert "named reviewer" not in str(spec_error.value)


def test_run_uses_a_parent_config(tree, monkeypatch, capsys):
    monkeypatch.chdir(tree / "top" / "mid" / "low")
    corpus = FIXTURE_CORPUS
    main(["run", "--reviewer", "top", "--corpus", str(corpus), "--out", "run"])
    assert capsys.readouterr().out.splitlines()[-1] == "run"
    assert (tree / "top" / "mid" / "low" / "run" / "verdicts.jsonl").is_file()
