"""The parser against real-world answer shapes (each case: raw answer, expected defect, lines, explanation part)."""

from __future__ import annotations

import pytest

from redpen_bench.model.verdict import parse_answer, parse_lines

CASES = [
    ("DEFECT: yes\nLINES: 12\nEXPLANATION: off by one", True, [12], "off by one"),
    ("DEFECT: no\nLINES: none\nEXPLANATION: looks fine", False, [], "looks fine"),
    ("defect: YES\nlines: 12, 14-16\nexplanation: x", True, [12, 14, 15, 16], "x"),
    ("DEFECT: Yes.\nLINES: 3\nEXPLANATION: sign", True, [3], "sign"),
    ("DEFECT: **no**\nLINES: N/A\nEXPLANATION: none", False, [], ""),
    ("**DEFECT:** yes\n**LINES:** 7\n**EXPLANATION:** wrong operator", True, [7], "wrong operator"),
    ("## DEFECT: yes\n## LINES: 4\n## EXPLANATION: inverted", True, [4], "inverted"),
    ("<think>maybe DEFECT: no</think>\nDEFECT: yes\nLINES: 2\nEXPLANATION: z", True, [2], "z"),
    ("<THINK>\nlong\nreasoning\n</THINK>DEFECT: no\nLINES: -\nEXPLANATION:", False, [], ""),
    ("reasoning without an opening tag</think>\nDEFECT: yes\nLINES: 9\nEXPLANATION: q", True, [9], "q"),
    ("```\nDEFECT: yes\nLINES: 5\nEXPLANATION: fence\n```", True, [5], "fence"),
    ("Sure! Here is my review.\n\nDEFECT: yes\nLINES: 8\nEXPLANATION: bound\n\nHope this helps.", True, [8], "bound"),
    ("DEFECT: yes\nLines: L12 and L20\nEXPLANATION: two", True, [12, 20], "two"),
    ("DEFECT: yes\nLINES: line 7\nEXPLANATION: one", True, [7], "one"),
    ("DEFECT: yes\nLINES: lines 3–5\nEXPLANATION: en dash", True, [3, 4, 5], "en dash"),
    ("DEFECT: yes\nLINES:\nEXPLANATION: no lines named", True, [], "no lines named"),
    ("DEFECT: yes\nLINES: -\nEXPLANATION: dash", True, [], "dash"),
    ("DEFECT: yes\nLINES:\n- 4\n- 6\nEXPLANATION: bullets", True, [4, 6], "bullets"),
    ('{"defect": true, "lines": [3, 4], "explanation": "json"}', True, [3, 4], "json"),
    ('```json\n{"DEFECT": "yes", "LINES": "10-11", "EXPLANATION": "fenced json"}\n```', True, [10, 11], "fenced json"),
    ('Answer: {"defect": "no", "lines": [], "explanation": "ok"} end', False, [], "ok"),
    ("DEFECT: yes/no\nLINES: ...\nEXPLANATION: ...", None, [], ""),
    ("The code looks correct to me.", None, [], ""),
    ("", None, [], ""),
    ("DEFECT: maybe\nLINES: 3", None, [], ""),
    ("Defect: true\nLine: 6\nExplanation: booleans", True, [6], "booleans"),
    ("DEFECT: False\nLINES: none\nEXPLANATION: -", False, [], "-"),
    ("DEFECT - yes", None, [], ""),
    ("DEFECT = yes\nLINES = 2\nEXPLANATION = equals", True, [2], "equals"),
    ("DEFECT: yes\nLINES: 14\nEXPLANATION: the `max_items` bound\nspans two lines", True, [14],
     "the `max_items` bound\nspans two lines"),
    ("> DEFECT: yes\n> LINES: 1\n> EXPLANATION: quoted", True, [1], "quoted"),
    ("DEFECT: yes\nLINES: 3, 3, 2\nEXPLANATION: dupes", True, [2, 3], "dupes"),
    ("DEFECT: yes\nLINES: 1-100000\nEXPLANATION: absurd range", True, [], "absurd range"),
    ("DEFECT: no\nLINES: 4\nEXPLANATION: lines on a no are kept but ignored by scoring", False, [4], "ignored"),
    ("DEFECT: no\n...\nActually, wait.\nDEFECT: yes\nLINES: 5\nEXPLANATION: changed mind", True, [5], "changed mind"),
    ("- DEFECT: yes\n- LINES: 22-23\n- EXPLANATION: list", True, [22, 23], "list"),
]


@pytest.mark.parametrize(("raw", "defect", "lines", "explanation"), CASES)
def test_answer_shapes(raw, defect, lines, explanation):
    verdict = parse_answer(raw)
    assert verdict.defect is defect
    assert verdict.raw == raw
    if defect is not None:
        assert verdict.lines == lines
        assert explanation in verdict.explanation


def test_at_least_thirty_shapes():
    assert len(CASES) >= 30


def test_identifiers_keep_underscores():
    assert "max_items" in parse_answer("DEFECT: yes\nLINES: 1\nEXPLANATION: `max_items` off").explanation


@pytest.mark.parametrize(("text", "expected"), [
    ("12, 14-16", [12, 14, 15, 16]), ("L3-L5", [3, 4, 5]), ("none", []), ("N/A", []), ("", []),
    ([1, "2-3"], [1, 2, 3]), (7, [7]), (0, []), ("16-14", [14, 15, 16]), ("3 to 4", [3, 4]),
])
def test_parse_lines(text, expected):
    assert parse_lines(text) == expected
