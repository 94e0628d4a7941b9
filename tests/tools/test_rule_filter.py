"""One filter says which findings of a bigger run a narrower profile keeps (reviewers/tools/rule_filter.py): the
planner of tool runs cuts a shared run with it, tune cuts its every-rule run with it. Proved here: the profile
tune writes, resolved by its own tool, keeps exactly what tune's cut keeps of the every-rule run's findings."""

from __future__ import annotations

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.findings import read_findings
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.findings import FileResult, Finding
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from tests.tools.test_static_adapters import STATIC_CORPUS

LEVELS = ("low", "medium", "high")


def test_rules_skips_and_severity_each_cut():
    found = [Finding(1, 1, "A", "a", "low"), Finding(2, 2, "B", "b", "high"), Finding(3, 3, "C", "c", "medium")]
    assert RuleFilter().findings(found) == found
    assert RuleFilter(frozenset({"A", "B"})).findings(found) == found[:2]
    assert RuleFilter(skips=frozenset({"B"})).findings(found) == [found[0], found[2]]
    assert RuleFilter(min_level="medium", levels=LEVELS).findings(found) == found[1:]
    assert RuleFilter(frozenset(), min_level="low", levels=LEVELS).findings(found) == []


def test_a_severity_outside_the_levels_ranks_below_the_lowest():
    """bandit's UNDEFINED: no bandit profile reports it, so no cut keeps it."""
    undefined = Finding(1, 1, "B101", "assert", "undefined")
    assert not RuleFilter(min_level="low", levels=LEVELS).keeps(undefined)
    assert RuleFilter().keeps(undefined)


def test_an_unreadable_file_stays_an_error():
    result = RuleFilter(frozenset()).result(FileResult([], "ruff cannot parse the file"))
    assert result == FileResult([], "ruff cannot parse the file")


@pytest.mark.parametrize("tool", ["ruff", "pylint", "bandit", "semgrep"])
def test_a_tuned_profile_keeps_what_tune_cut(tool, tmp_path, monkeypatch):
    """For every threshold, rules tune could choose there (ones firing at or above it) written as a profile; the
    profile, resolved by its own tool as a shared run resolves it, keeps exactly tune's cut of every finding."""
    from redpen_bench.tune.all_rules_run import all_rules_reviewer, collect_rows, profile_reviewer
    from redpen_bench.tune.tuned_profile import profile_text, tuned_settings, tuning_for, write_profile

    monkeypatch.chdir(tmp_path)
    options = ReviewOptions(cache=None)
    reviewer = all_rules_reviewer(tool, options)
    findings = [f for row in collect_rows(reviewer, "all", load_corpus(STATIC_CORPUS))
                for f in read_findings(row.findings or [])]
    tuning = tuning_for(tool)
    checked = 0
    for threshold, at_threshold in tuning.thresholds().items():
        fired = sorted({f.rule for f in at_threshold.findings(findings)})
        if len(fired) < 2:
            continue
        chosen = fired[::2]
        settings = tuned_settings(reviewer, chosen, threshold, tmp_path / "analyzers" / tool)
        write_profile(tool, "tuned", profile_text("test", settings, ["Written by redpen-bench tune (test)"]))
        tuned = profile_reviewer(f"{tool}:tuned", options).rule_filter()
        cut = tuning.profile_filter(chosen, threshold)
        assert [f for f in findings if tuned.keeps(f)] == cut.findings(findings), threshold
        assert cut.findings(findings), threshold
        checked += 1
    assert checked
