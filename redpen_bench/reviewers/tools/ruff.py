"""ruff as a reviewer: `ruff check --isolated --output-format json` once over all files.

Profile keys: `select` (rule codes or prefixes; absent = ruff's own default set of the installed version) and
`ignore`. Columns in ruff's JSON are 1-based.

Profiles share one run (run/tool_runs.py): ruff itself resolves each profile's selection to rule codes
(`--show-settings`, milliseconds), the shared run selects the union code by code, and each profile keeps the
findings of its own codes. Both keys are rule selection, so every ruff profile can share.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from redpen_bench.model.code_style import ruff_config_args
from redpen_bench.reviewers.tools.findings import FileResult, Finding, end_line, file_results
from redpen_bench.reviewers.tools.profiles import Setting
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.reviewers.tools.static import TARGET_PYTHON, StaticReviewer, ToolError
from redpen_bench.reviewers.tools.tool import ToolDescription

TOOL = ToolDescription("ruff", env_prefixes=("RUFF_",), all_rules={"select": ["ALL"], "ignore": []},
                       rule_fields=("select", "ignore"))

# ruff >= 0.9 names its syntax-error diagnostic "invalid-syntax"; older versions gave code null or E999
_SYNTAX_CODES = (None, "invalid-syntax", "E999")


def parse_ruff(output: str, files: list[str]) -> dict[str, FileResult]:
    return file_results(files, _said(json.loads(output or "[]")), "ruff")


def _said(entries: list[dict]) -> Iterator[tuple[str, Finding | str]]:
    for entry in entries:
        start = entry["location"]["row"]
        end = entry.get("end_location") or {}
        if entry.get("code") in _SYNTAX_CODES:
            yield entry["filename"], f"ruff cannot parse the file: line {start}: {entry['message']}"
            continue
        yield entry["filename"], Finding(
            line=start, end_line=end_line(start, end.get("row"), end.get("column"), first_col=1),
            rule=entry["code"], message=entry["message"], severity=entry.get("severity") or "",
        )


def enabled_rules(settings: str) -> frozenset[str]:
    """The codes in `ruff check --show-settings` output's `linter.rules.enabled = [ name (CODE), ... ]`."""
    block = re.search(r"^linter\.rules\.enabled = \[\n(.*?)^\]", settings, re.MULTILINE | re.DOTALL)
    if not block:
        raise ValueError("no linter.rules.enabled in ruff --show-settings output")
    return frozenset(re.findall(r"\(([A-Z]+[0-9]+)\),?$", block.group(1), re.MULTILINE))


class Ruff(StaticReviewer):
    tool = TOOL
    family = TOOL.name
    dist = "ruff"
    exe_name = "ruff"
    schema = {"select": Setting(list), "ignore": Setting(list, default=[])}

    def profile_args(self) -> list[str]:
        opts = ["--isolated", "--target-version", f"py{TARGET_PYTHON.replace('.', '')}"]
        if self.profile["select"] is not None:
            opts += ["--select", ",".join(self.profile["select"])]
        if self.profile["ignore"]:
            opts += ["--ignore", ",".join(self.profile["ignore"])]
        # the corpus's [code_style.ruff]: its project's line length and import sorting (--isolated keeps these)
        return opts + ruff_config_args(self.options.code_style)

    def fingerprint_extra(self) -> str:
        """The corpus's code style changes findings (I001, E501): it keys the cache and rows; none, nothing."""
        args = ruff_config_args(self.options.code_style)
        return json.dumps(args) if args else ""

    def command(self, exe: str, files: list[str], workdir: Path) -> list[str]:
        return [exe, "check", *self.profile_args(), "--no-cache", "--no-fix", "--output-format", "json", "--", *files]

    # unused-noqa reports a noqa comment naming a code that did not fire, and says which codes it names are not
    # enabled: beside more rules, both change
    interacting_rules = frozenset({"RUF100"})
    pragma = b"noqa"

    def share_key(self) -> tuple:
        return ()

    def resolve_filter(self) -> RuleFilter:
        def command(exe: str, workdir: Path) -> list[str]:
            (workdir / "s.py").write_text("")
            return [exe, "check", *self.profile_args(), "--show-settings", "s.py"]

        try:
            return RuleFilter(enabled_rules(self.ask_tool(command)))
        except ValueError as exc:
            raise ToolError(f"ruff: cannot read which rules a profile selects: {exc}") from None

    def union_settings(self, members: Sequence[StaticReviewer]) -> dict | None:
        union = frozenset().union(*(member.rules() for member in members))
        settings = {"select": sorted(union), "ignore": []}
        # ruff drops one rule of an incompatible pair (D203 beside D211) when both are selected
        return settings if self.with_settings(settings, "union").rules() == union else None

    def parse(self, output: str, files: list[str]) -> dict[str, FileResult]:
        return parse_ruff(output, files)

    def list_rules(self) -> frozenset[str]:
        listing = json.loads(self.ask_tool(lambda exe, workdir: [exe, "rule", "--all", "--output-format", "json"]))
        return frozenset(rule["code"] for rule in listing if rule.get("code"))  # some preview rules have none

    def names_known_rule(self, entry: str, known: frozenset[str]) -> bool:
        """A selector: ALL, a code, or a prefix of codes (F, E7, PLW)."""
        return entry == "ALL" or any(code.startswith(entry) for code in known)

    def tuned_settings(self, rules, threshold, profile_dir, name) -> dict:
        return {"select": list(rules), "ignore": []}
