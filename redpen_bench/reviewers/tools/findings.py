"""Static findings -> verdict: the one mapping every analyzer reader (ruff, pylint, bandit, semgrep, SARIF)
uses, so tools differ only in how they are run and how their output is read."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from redpen_bench.model.verdict import Verdict


@dataclass(frozen=True, order=True)
class Finding:
    line: int
    end_line: int
    rule: str
    message: str
    severity: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


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
