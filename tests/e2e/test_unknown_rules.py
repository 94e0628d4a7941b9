"""A profile enabling a rule its tool does not know is a one-line error naming the profile file and the rule,
exit 2, before any tool runs (issue 26, case 11): pylint would run nothing for it silently, ruff would exit 3."""

from __future__ import annotations

import subprocess

import pytest

from redpen_bench.run.folder import RunFolder
from tests.conftest import FIXTURE_CORPUS, redpen_cmd

CASES = [("pylint", 'disable = ["all"]\nenable = ["unused-variabel"]\n', "enable", "unused-variabel"),
         ("pylint", 'disable = ["C", "no-such-message"]\n', "disable", "no-such-message"),
         ("ruff", 'select = ["F", "XYZ999"]\n', "select", "XYZ999"),
         ("bandit", 'tests = ["B101", "B999"]\n', "tests", "B999")]


@pytest.mark.parametrize(("tool", "settings", "field", "rule"), CASES, ids=[c[3] for c in CASES])
def test_an_unknown_rule_stops_the_run_before_any_tool_runs(tmp_path, tool, settings, field, rule):
    profile = tmp_path / "analyzers" / tool / "typo.toml"
    profile.parent.mkdir(parents=True)
    profile.write_text(f'description = "a typo"\n{settings}')
    proc = subprocess.run([*redpen_cmd(), "run", "-r", f"always-no,{tool}:default,{tool}:typo",
                           "--corpus", str(FIXTURE_CORPUS), "--out", str(tmp_path / "r")],
                          cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"redpen-bench: error: {profile}: field '{field}': {tool} {_version(tool)} knows no rule '{rule}'"]
    folder = RunFolder(tmp_path / "r")
    assert not folder.verdicts_path.exists() or folder.rows() == []  # not even always-no answered


def test_known_rules_of_every_shipped_profile_pass(tmp_path):
    """Categories, prefixes, `all`/`ALL` and checker names are rules the tools know: the shipped profiles run."""
    proc = subprocess.run([*redpen_cmd(), "run", "-r", "ruff:bugs,pylint:bugs,pylint:errors,bandit:bugs",
                           "--corpus", str(FIXTURE_CORPUS), "--out", str(tmp_path / "r")],
                          cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_pylint_checker_name_is_a_rule_it_knows(tmp_path):
    """A checker's name (`--list-groups`) is asked only when an entry names no message; it passes, and a typo
    beside it still stops the run."""
    profiles = tmp_path / "analyzers" / "pylint"
    profiles.mkdir(parents=True)
    (profiles / "checker.toml").write_text('description = "by checker"\ndisable = ["typecheck", "C"]\n')
    (profiles / "typo.toml").write_text('description = "a typo"\ndisable = ["typecheck", "typechek"]\n')
    for name, status in (("checker", 0), ("typo", 2)):
        proc = subprocess.run([*redpen_cmd(), "run", "-r", f"pylint:{name}", "--corpus", str(FIXTURE_CORPUS),
                               "--out", str(tmp_path / name)], cwd=tmp_path, capture_output=True, text=True)
        assert proc.returncode == status, proc.stderr
    assert "knows no rule 'typechek'" in proc.stderr


def _version(tool: str) -> str:
    from importlib.metadata import version

    return version(tool)


def test_a_pylint_profiles_listing_is_asked_once_and_kept_in_the_verdict_cache(tmp_path):
    """Each profile's `--list-msgs-enabled` (its filter, and the messages its entries are checked against) is
    asked of pylint once and kept like the known rules: a later run with the same cache asks pylint nothing."""
    from redpen_bench.reviewers import make_reviewer, parse_spec
    from redpen_bench.reviewers.base import ReviewOptions
    from redpen_bench.run.cache import open_cache

    cache = open_cache(tmp_path / "cache.sqlite3")
    first = make_reviewer(parse_spec("pylint:bugs"), ReviewOptions(cache=cache))
    listing = first.listing()
    assert "Enabled messages:" in listing and "unused-variable (W0612)" in listing
    later = make_reviewer(parse_spec("pylint:bugs"), ReviewOptions(cache=open_cache(tmp_path / "cache.sqlite3")))

    def asked(command):
        raise AssertionError("pylint asked again")

    later.ask_tool = asked
    later.prepare(())  # the rule check reads the kept listing too
    assert later.listing() == listing and later.rule_filter().rules == first.rule_filter().rules
    other = make_reviewer(parse_spec("pylint:errors"), ReviewOptions(cache=open_cache(tmp_path / "cache.sqlite3")))
    assert "unused-variable" not in other.rule_filter().rules  # another profile, another question
