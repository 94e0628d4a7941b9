"""Which findings of a tool run with more rules a narrower profile would have reported: a pure filter.

Two things cut one big run down to a smaller one, and both need it: a run shared by several profiles of one tool
(run/tool_runs.py: each profile keeps its own findings of the union run) and `tune` (the every-rule run cut to
a candidate subset of rules at a severity threshold). They use this one filter, so "what a profile keeps" has
one definition. It holds up because a finding depends on its rule and its file, not on which other rules ran;
the rules for which that is false are a tool's interacting rules (static.py), which never share a run.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from redpen_bench.reviewers.tools.findings import FileResult, Finding


@dataclass(frozen=True)
class RuleFilter:
    rules: frozenset[str] | None = None  # the rules kept; None: every rule
    skips: frozenset[str] = frozenset()  # rules dropped even when `rules` is None
    min_level: str | None = None  # the lowest severity kept, one of `levels`; None: every severity
    # the tool's severities, lowest first; a severity outside them ranks below the lowest (bandit's UNDEFINED,
    # which no bandit profile reports)
    levels: tuple[str, ...] = ()

    def keeps(self, finding: Finding) -> bool:
        if (self.rules is not None and finding.rule not in self.rules) or finding.rule in self.skips:
            return False
        if self.min_level is None:
            return True
        severity = finding.severity.lower()
        rank = self.levels.index(severity) if severity in self.levels else -1
        return rank >= self.levels.index(self.min_level)

    def findings(self, findings: Iterable[Finding]) -> list[Finding]:
        return [f for f in findings if self.keeps(f)]

    def result(self, result: FileResult) -> FileResult:
        """What the narrower run says about a file (an error stays the error: the file was unreadable)."""
        return FileResult(self.findings(result.findings), result.error)
