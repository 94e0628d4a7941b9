"""Snapshots of each analyzer's normalised verdicts on the recorded fixture output: a tool upgrade or a parser
change shows up as a readable diff of tests/snapshots/<tool>.txt, not as a wall of JSON.

Refresh after re-recording (tests/record_tool_output.py):
    REDPEN_UPDATE_SNAPSHOTS=1 pytest tests/tools/test_static_snapshots.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from redpen_bench.reviewers.tools.findings import verdict_from_findings
from tests.tools.test_static_parsers import PARSERS, parsed, recording

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots"


def normalised(tool: str) -> str:
    data = recording(tool)
    lines = [f"# {tool} {data.get('version', '')}: verdicts on the recorded fixture output".rstrip()]
    for label, result in sorted(parsed(tool).items()):
        if result.error:
            lines.append(f"{label}\n  ERROR: {result.error.splitlines()[0]}")
            continue
        verdict = verdict_from_findings(result.findings)
        lines.append(f"{label}\n  " + verdict.raw.replace("\n", "\n  "))
    return "\n".join(line.rstrip() for line in "\n".join(lines).splitlines()) + "\n"


@pytest.mark.parametrize("tool", sorted(PARSERS))
def test_snapshot(tool):
    path = SNAPSHOTS / f"{tool}.txt"
    text = normalised(tool)
    if os.environ.get("REDPEN_UPDATE_SNAPSHOTS") == "1":
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"{path} missing: run with REDPEN_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8"), f"{tool} verdicts changed: review the diff, then refresh"
