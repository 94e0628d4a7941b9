"""Static findings -> verdict: the one mapping every analyzer reader (ruff, pylint, bandit, semgrep, SARIF)
uses, so tools differ only in how they are run and how their output is read; and the one way a reader turns
what its tool said into each file's result (file_results)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redpen_bench.model.findings import Finding, read_findings
from redpen_bench.model.verdict import Verdict


def verdict_from_findings(findings: Iterable[Finding]) -> Verdict:
    """DEFECT yes when at least one finding; LINES the lines the findings cover (start to end);
    EXPLANATION `RULE-ID: message` per finding, in line order."""
    ordered = sorted(findings)
    lines = sorted({n for f in ordered for n in range(f.line, max(f.line, f.end_line) + 1)})
    explanation = "\n".join(f"{f.rule}: {f.message}" for f in ordered)
    raw = (
        f"DEFECT: {'yes' if ordered else 'no'}\n"
        f"LINES: {', '.join(map(str, lines)) or 'none'}\n"
        f"EXPLANATION: {explanation}"
    )
    return Verdict(defect=bool(ordered), lines=lines, explanation=explanation, raw=raw)


@dataclass
class FileResult:
    """What one tool said about one file: its findings, or why it could not read the file."""

    findings: list[Finding] = field(default_factory=list)
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"findings": [f.to_dict() for f in self.findings], "error": self.error}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileResult:
        return cls(read_findings(data["findings"]), data.get("error"))


def file_results(files: list[str], said: Iterable[tuple[str, Finding | str]], tool: str,
                 scanned: set[str] | None = None) -> dict[str, FileResult]:
    """Each staged file's result from what a tool said, as (path, finding) or (path, why it could not read
    the file). The first reason wins (later ones are its echoes) and drops the file's findings: a file the tool
    cannot parse is an error row, not a finding. scanned: the files the tool says it scanned, when it says;
    any other file was skipped (an ignore rule, a size limit), which is an error too, not a clean file."""
    results = {name: FileResult() for name in files}
    for path, what in said:
        result = results.get(staged_name(path))
        if result is None:
            continue
        if isinstance(what, Finding):
            result.findings.append(what)
        elif result.error is None:
            result.error = what
    for name, result in results.items():
        if result.error:
            result.findings.clear()
        elif scanned is not None and name not in scanned:
            result.error = f"{tool} did not scan the file"
    return results


def staged_name(path: str) -> str:
    """The staged file a tool's output path names: tools print it bare, with ./, or absolute. A snippet of an
    `__init__.py` is staged as sNNNN/__init__.py (reviewers/tools/package_site.py): its name is sNNNN.py."""
    staged = Path(path)
    return f"{staged.parent.name}.py" if staged.name == "__init__.py" else staged.name


def end_line(start: int, end: int | None, end_col: int | None, first_col: int) -> int:
    """A range that stops at the first column of a later line does not cover that line."""
    if end is None or end < start:
        return start
    if end > start and end_col is not None and end_col <= first_col:
        return end - 1
    return end
