"""Line numbers on form feeds and U+2028 (issue 34, item 7): a page-break line and a U+2028 in a comment above
the defect leave the prompt's numbering, the gate's changed lines and the corpus's planted line where Python and
the analyzers put them, so a reviewer naming the line it was shown gets its line credit."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

from redpen_bench.gate.integrity import changed_lines
from redpen_bench.reviewers.llm.reviewer import load_prompt

PAGED = (
    '"""A module of older style, with page breaks."""\n'
    "\f\n"
    "import os\n"
    "\f\n"
    "\n"
    "def share(total, people):\n"
    "    # each one's part\u2028of the bill, or nothing\n"
    "    if people == None:\n"
    "        return 0\n"
    "    return total // people + len(os.sep) * 0\n"
)
FIXED = PAGED.replace("people == None", "people is None")


def _python_line() -> int:
    return next(n.lineno for n in ast.walk(ast.parse(PAGED)) if isinstance(n, ast.Compare))


def _ruff_line(tmp_path: Path) -> int:
    path = tmp_path / "paged.py"
    path.write_text(PAGED, encoding="utf-8", newline="")
    ruff = Path(sys.executable).parent / "ruff"
    proc = subprocess.run([str(ruff), "check", "--isolated", "--select", "E711", "--output-format", "json",
                           str(path)], capture_output=True, text=True)
    return json.loads(proc.stdout)[0]["location"]["row"]


def test_the_prompt_numbers_lines_as_python_and_ruff_do(tmp_path):
    planted = _python_line()
    assert planted == 8 and _ruff_line(tmp_path) == planted
    prompt = load_prompt(None).render(PAGED)
    shown = next(int(m[1]) for m in re.finditer(r"^\s*(\d+) \| (.*)$", prompt, re.MULTILINE)
                 if "people == None" in m[2])
    assert shown == planted
    assert re.search(r"^\s*10 \| +return total // people", prompt, re.MULTILINE)


def test_the_gate_finds_the_changed_line_where_python_numbers_it(tmp_path):
    (tmp_path / "original.py").write_text(PAGED, encoding="utf-8", newline="")
    (tmp_path / "fixed.py").write_text(FIXED, encoding="utf-8", newline="")
    assert changed_lines(tmp_path / "original.py", tmp_path / "fixed.py") == {_python_line()}
