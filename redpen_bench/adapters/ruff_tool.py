"""ruff as a reviewer: `ruff check --isolated --output-format json` once over all files.

Profile keys: `select` (rule codes or prefixes; absent = ruff's own default set of the installed version) and
`ignore`. Columns in ruff's JSON are 1-based.
"""

from __future__ import annotations

import json
from pathlib import Path

from redpen_bench.adapters.findings import Finding
from redpen_bench.adapters.profiles import Setting
from redpen_bench.adapters.static import TARGET_PYTHON, FileResult, StaticReviewer, end_line, staged_name

# ruff >= 0.9 names its syntax-error diagnostic "invalid-syntax"; older versions gave code null or E999
_SYNTAX_CODES = (None, "invalid-syntax", "E999")


def parse_ruff(output: str, files: list[str]) -> dict[str, FileResult]:
    results = {name: FileResult() for name in files}
    for entry in json.loads(output or "[]"):
        name = staged_name(entry["filename"])
        if name not in results:
            continue
        start = entry["location"]["row"]
        end = entry.get("end_location") or {}
        if entry.get("code") in _SYNTAX_CODES:
            if results[name].error is None:  # the first one: later ones are its echoes
                results[name].error = f"ruff cannot parse the file: line {start}: {entry['message']}"
            continue
        results[name].findings.append(Finding(
            line=start, end_line=end_line(start, end.get("row"), end.get("column"), first_col=1),
            rule=entry["code"], message=entry["message"], severity=entry.get("severity") or "",
        ))
    for result in results.values():
        if result.error:
            result.findings.clear()  # a file the tool cannot parse is an error row, not a finding
    return results


class Ruff(StaticReviewer):
    family = "ruff"
    dist = "ruff"
    exe_name = "ruff"
    schema = {"select": Setting(list), "ignore": Setting(list, default=[])}

    def command(self, exe: str, files: list[str], workdir: Path) -> list[str]:
        cmd = [exe, "check", "--isolated", "--no-cache", "--no-fix", "--output-format", "json",
               "--target-version", f"py{TARGET_PYTHON.replace('.', '')}"]
        if self.profile["select"] is not None:
            cmd += ["--select", ",".join(self.profile["select"])]
        if self.profile["ignore"]:
            cmd += ["--ignore", ",".join(self.profile["ignore"])]
        return [*cmd, "--", *files]

    def parse(self, output: str, files: list[str]) -> dict[str, FileResult]:
        return parse_ruff(output, files)
