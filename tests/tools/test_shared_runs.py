"""Profiles of one tool in one run share one tool process (run/tool_runs.py), and each profile's verdicts
are the ones its own run gives: proved on the shipped corpus for every shipped profile, then the cases where a
union would not be exact (other options than rule selection, rules about other rules) and the cache."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from msgspec import UNSET

from redpen_bench.api import analyzer_specs
from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.static import find_executable
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS
from tests.corpus_factory import make_corpus
from tests.tools.test_static_adapters import STATIC_CORPUS, fake_tool

SHIPPED_PROFILES = analyzer_specs()  # what `redpen-bench compare` runs: every shipped profile of every tool
TOOLS = sorted({spec.split(":")[0] for spec in SHIPPED_PROFILES})
TIMING = {"latency_s", "seconds", "started", "finished"}  # none in static rows today; never compared


def logging_tools(folder: Path, monkeypatch) -> Path:
    """Every tool behind a wrapper that logs its command line, then runs the real tool."""
    log = folder / "calls.log"
    for tool in TOOLS:
        wrapper = fake_tool(folder, f'echo "{tool} $*" >> {log}\nexec {find_executable(tool)} "$@"')
        monkeypatch.setenv(f"REDPEN_{tool.upper()}_EXE", wrapper)
    return log


def scans(log: Path, tool: str) -> list[str]:
    """The logged command lines of `tool` that scanned staged files (not its questions about a profile)."""
    lines = log.read_text().splitlines() if log.exists() else []
    return [line for line in lines if line.startswith(f"{tool} ") and re.search(r"\bs\d{4}\.py\b", line)]


def rows(run_dir: Path, reviewer: str) -> dict[tuple[str, str], VerdictRow]:
    return {r.snippet_key: r.replace(latency_s=UNSET, extras={k: v for k, v in r.extras.items() if k not in TIMING})
            for r in RunFolder(run_dir).rows(reviewer)}


@pytest.fixture(scope="module")
def shipped_runs(tmp_path_factory):
    """The shipped corpus reviewed by every shipped profile: each alone, then all together (tools logged)."""
    root = tmp_path_factory.mktemp("shared")
    corpus = load_corpus(None)
    options = ReviewOptions(cache=None, timeout=900)
    alone = {}
    for spec in SHIPPED_PROFILES:
        alone[spec] = root / f"alone-{spec.replace(':', '-')}"
        assert run_reviewers(corpus, [spec], alone[spec], options).failures == {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        log = logging_tools(root, monkeypatch)
        assert run_reviewers(corpus, SHIPPED_PROFILES, root / "together", options).failures == {}
    return corpus, alone, root / "together", log


@pytest.mark.parametrize("spec", SHIPPED_PROFILES)
def test_each_shipped_profile_together_gives_its_own_verdicts(shipped_runs, spec):
    corpus, alone, together, _ = shipped_runs
    mine, shared = rows(alone[spec], spec), rows(together, spec)
    assert len(mine) == len(corpus.snippets)
    for key, row in mine.items():  # field by field: verdict, lines, explanation, raw, findings, error, hashes
        assert shared[key] == row, f"{spec} {key}"


@pytest.mark.parametrize("tool", TOOLS)
def test_each_tool_scans_once_for_all_its_profiles(shipped_runs, tool):
    *_, log = shipped_runs
    assert len(scans(log, tool)) == 1


def test_a_cached_profile_is_not_run_again(tmp_path, monkeypatch):
    """The tool runs only for the profiles with cache misses: here ruff's default profile, with its own flags."""
    corpus = load_corpus(STATIC_CORPUS)
    options = ReviewOptions(cache=tmp_path / "cache.sqlite3")
    run_reviewers(corpus, ["ruff:bugs"], tmp_path / "first", options)
    log = logging_tools(tmp_path, monkeypatch)
    run_reviewers(corpus, ["ruff", "ruff:bugs"], tmp_path / "second", options)
    [scan] = scans(log, "ruff")
    assert "--select" not in scan  # ruff's default set, as ruff:default runs alone
    assert all(r.cached for r in rows(tmp_path / "second", "ruff:bugs").values())
    assert not any(r.cached for r in rows(tmp_path / "second", "ruff").values())


def test_profiles_that_differ_beyond_rule_selection_run_apart(tmp_path, monkeypatch):
    """bandit findings carry no confidence, so a profile with another confidence cannot be cut from a union."""
    (tmp_path / "analyzers" / "bandit").mkdir(parents=True)
    (tmp_path / "analyzers" / "bandit" / "sure.toml").write_text('description = "High confidence."\n'
                                                                    'confidence = "high"\n')
    monkeypatch.chdir(tmp_path)
    log = logging_tools(tmp_path, monkeypatch)
    corpus = load_corpus(STATIC_CORPUS)
    options = ReviewOptions(cache=None)
    assert run_reviewers(corpus, ["bandit", "bandit:bugs", "bandit:sure"], tmp_path / "run", options).failures == {}
    commands = scans(log, "bandit")
    assert len(commands) == 2  # default and bugs together, sure apart
    assert sum("--confidence-level high" in c for c in commands) == 1


NOQA = "import os  # noqa: F401\n\n\ndef f(a):\n    a == 1  # noqa: B015\n    return a\n"


@pytest.mark.parametrize("with_pragma", [True, False])
def test_a_rule_about_other_rules_runs_alone_where_its_pragma_is(tmp_path, monkeypatch, with_pragma):
    """ruff's unused-noqa (RUF100) reports `B015` as not enabled when its profile does not select it; beside a
    profile that does, B015 fires and is suppressed, and RUF100 says nothing: that profile must run alone."""
    profiles = tmp_path / "analyzers" / "ruff"
    profiles.mkdir(parents=True)
    (profiles / "noqa.toml").write_text('description = "unused noqa"\nselect = ["RUF100", "F401"]\n')
    (profiles / "compare.toml").write_text('description = "useless comparison"\nselect = ["B015"]\n')
    corpus_root = make_corpus(tmp_path / "corpus", {"easy": 1})
    if with_pragma:
        (corpus_root / "items" / "e00-synthetic" / "original.py").write_text(NOQA)
    monkeypatch.chdir(tmp_path)
    corpus = load_corpus(corpus_root)
    options = ReviewOptions(cache=None)
    for spec in ("ruff:noqa", "ruff:compare"):
        run_reviewers(corpus, [spec], tmp_path / f"alone-{spec[5:]}", options)
    log = logging_tools(tmp_path, monkeypatch)
    run_reviewers(corpus, ["ruff:noqa", "ruff:compare"], tmp_path / "together", options)
    assert len(scans(log, "ruff")) == (2 if with_pragma else 1)
    for spec in ("ruff:noqa", "ruff:compare"):
        assert rows(tmp_path / "together", spec) == rows(tmp_path / f"alone-{spec[5:]}", spec)
    if with_pragma:
        flagged = rows(tmp_path / "together", "ruff:noqa")[("e00-synthetic", "original")].findings
        assert [(f.rule, f.line) for f in flagged] == [("RUF100", 5)]


def test_a_shared_run_that_fails_fails_every_profile_it_served_and_cached_rows_stand(tmp_path, monkeypatch,
                                                                                  fixture_corpus):
    options = ReviewOptions(cache=tmp_path / "cache.sqlite3")
    first_item = [v for v in fixture_corpus.snippets if v.item_id == fixture_corpus.items[0].id]
    run_reviewers(fixture_corpus, ["ruff:bugs"], tmp_path / "first", options, snippets=first_item)
    real = find_executable("ruff")
    # ruff answers which rules a profile selects, then fails its scan
    monkeypatch.setenv("REDPEN_RUFF_EXE", fake_tool(
        tmp_path, f'case "$*" in *--show-settings*) exec {real} "$@";; esac\necho boom >&2; exit 70'))
    result = run_reviewers(fixture_corpus, ["ruff", "ruff:bugs"], tmp_path / "run", options)
    assert set(result.failures) == {"ruff", "ruff:bugs"}
    bugs = rows(tmp_path / "run", "ruff:bugs")
    assert len(bugs) == len(fixture_corpus.snippets)
    for (item, _), row in bugs.items():
        if item == fixture_corpus.items[0].id:
            assert row.cached and row.error is None
        else:
            assert "exited with status 70: boom" in row.error
    assert all("exited with status 70: boom" in r.error for r in rows(tmp_path / "run", "ruff").values())


def test_fixture_corpus_runs_with_shared_tools(tmp_path, monkeypatch):
    """The CLI path (plan_run) groups the profiles too: one scan per tool on a small corpus."""
    log = logging_tools(tmp_path, monkeypatch)
    options = ReviewOptions(cache=None)
    run_reviewers(load_corpus(FIXTURE_CORPUS), ["ruff", "ruff:bugs", "bandit", "bandit:bugs"], tmp_path / "r",
                  options)
    assert len(scans(log, "ruff")) == 1 and len(scans(log, "bandit")) == 1


@pytest.mark.parametrize("rules, scans_expected", [
    (["pack/bare-except.yaml", "pack/compare-to-self.yaml"], 1),  # a subset of the other's files: kept by rule id
    (["pack", "pack/bare-except.yaml"], 2),  # a file named twice is two configs to semgrep: apart
    (["copy/bare-except.yaml", "copy/compare-to-self.yaml"], 2),  # the same ids from other files: apart
])
def test_semgrep_profiles_with_other_rule_files(tmp_path, monkeypatch, rules, scans_expected):
    import shutil

    from tests.tools.test_semgrep_rules import RULES_DIR

    profiles = tmp_path / "analyzers" / "semgrep"
    for folder in ("pack", "copy"):
        shutil.copytree(RULES_DIR, profiles / folder)
    (profiles / "default.toml").write_text('description = "the pack"\nrules = ["pack"]\n')
    entries = ", ".join(f'"{entry}"' for entry in rules)
    (profiles / "mine.toml").write_text(f'description = "some rules"\nrules = [{entries}]\n')
    monkeypatch.chdir(tmp_path)
    corpus = load_corpus(STATIC_CORPUS)
    options = ReviewOptions(cache=None)
    run_reviewers(corpus, ["semgrep:mine"], tmp_path / "alone", options)
    log = logging_tools(tmp_path, monkeypatch)
    assert run_reviewers(corpus, ["semgrep", "semgrep:mine"], tmp_path / "together", options).failures == {}
    assert len(scans(log, "semgrep")) == scans_expected
    mine = rows(tmp_path / "alone", "semgrep:mine")
    assert rows(tmp_path / "together", "semgrep:mine") == mine
    if "pack" not in rules:
        assert {f.rule for row in mine.values() for f in row.findings} == {"bare-except", "compare-to-self"}
