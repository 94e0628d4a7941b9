"""bandit as a reviewer: `bandit -f json` once over all files (named one by one, so `-r`'s filter on file
suffixes never applies), with no configuration file.

Profile keys: `severity` and `confidence` (the lowest reported: low | medium | high), `tests` (only these
test ids) and `skips`. bandit gives no end line: a finding covers its `line_range`.

Profiles share one run (run/tool_runs.py) at the lowest severity any of them reports, with every test
any of them runs; each keeps its own severities and tests. Findings carry bandit's severity but not its
confidence, so only profiles of one confidence share a run, and only when they name tests by plain id (B307).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from redpen_bench.reviewers.tools.findings import FileResult, Finding, file_results, staged_name
from redpen_bench.reviewers.tools.profiles import Setting
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.reviewers.tools.static import StaticReviewer
from redpen_bench.reviewers.tools.tool import ToolDescription

LEVELS = ("low", "medium", "high")
# findings carry bandit's severity but not its confidence, so tuning keeps confidence at its lowest (every finding)
TOOL = ToolDescription("bandit", env_prefixes=("BANDIT",),
                       all_rules={"severity": "low", "confidence": "low", "tests": [], "skips": []},
                       levels=LEVELS, rule_fields=("tests", "skips"))
_TEST_ID = re.compile(r"^B\d{3}$")


def parse_bandit(output: str, files: list[str]) -> dict[str, FileResult]:
    data = json.loads(output)
    # bandit skips a file without saying why; its metrics list the files it scanned (none: it says nothing)
    scanned = {staged_name(path) for path in data.get("metrics", {}) if path != "_totals"}
    return file_results(files, _said(data), "bandit", scanned or None)


def _said(data: dict) -> Iterator[tuple[str, Finding | str]]:
    for error in data.get("errors", []):
        yield error["filename"], f"bandit cannot parse the file: {error['reason']}"
    for issue in data["results"]:
        span = issue.get("line_range") or [issue["line_number"]]
        yield issue["filename"], Finding(
            line=issue["line_number"], end_line=max(issue["line_number"], span[-1]), rule=issue["test_id"],
            message=issue["issue_text"], severity=issue["issue_severity"].lower(),
        )


class Bandit(StaticReviewer):
    tool = TOOL
    family = TOOL.name
    dist = "bandit"
    exe_name = "bandit"
    schema = {
        "severity": Setting(str, default="low", choices=LEVELS),
        "confidence": Setting(str, default="low", choices=LEVELS),
        "tests": Setting(list, default=[]),
        "skips": Setting(list, default=[]),
    }

    def command(self, exe: str, files: list[str], workdir: Path) -> list[str]:
        cmd = [exe, "--format", "json", "--quiet", "--severity-level", self.profile["severity"],
               "--confidence-level", self.profile["confidence"]]
        if self.profile["tests"]:
            cmd += ["--tests", ",".join(self.profile["tests"])]
        if self.profile["skips"]:
            cmd += ["--skip", ",".join(self.profile["skips"])]
        return [*cmd, "--", *files]

    def parse(self, output: str, files: list[str]) -> dict[str, FileResult]:
        return parse_bandit(output, files)

    def list_rules(self) -> frozenset[str]:
        """The test ids `bandit --help` lists as discovered and loaded (plugins and blacklist calls)."""
        listing = self.ask_tool(lambda exe, workdir: [exe, "--help"]).partition("discovered and loaded")[2]
        known = frozenset(re.findall(r"^\s+(B\d{3})\s", listing, re.MULTILINE))
        if not known:
            raise ValueError("no test ids in bandit --help output")
        return known

    def tuned_settings(self, rules, threshold, profile_dir, name) -> dict:
        return {"severity": threshold or "low", "confidence": "low", "tests": list(rules)}

    def share_key(self) -> tuple | None:
        if not all(_TEST_ID.match(t) for t in [*self.profile["tests"], *self.profile["skips"]]):
            return None
        return (self.profile["confidence"],)

    def union_settings(self, members: Sequence[StaticReviewer]) -> dict:
        profiles = [member.profile for member in members]
        every_test = any(not p["tests"] for p in profiles)
        return {"severity": min((p["severity"] for p in profiles), key=LEVELS.index),
                "tests": [] if every_test else sorted({t for p in profiles for t in p["tests"]}),
                "skips": sorted(set.intersection(*(set(p["skips"]) for p in profiles)))}

    def resolve_filter(self) -> RuleFilter:
        # bandit ranks its UNDEFINED severity below low: no profile reports it (RuleFilter ranks it so too)
        return RuleFilter(frozenset(self.profile["tests"]) or None, frozenset(self.profile["skips"]),
                          self.profile["severity"], LEVELS)
