"""The parser against real-world answer shapes (each case: raw answer, expected defect, lines, explanation part)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.model.verdict import MAX_LINES, parse_answer, parse_lines

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
    # prose after the list on the LINES line names no lines
    ("DEFECT: yes\nLINES: 33 (uses // 100 instead of / 100)\nEXPLANATION: floor division", True, [33], "floor"),
    ("DEFECT: yes\nLINES: 33 - the bound should be 100\nEXPLANATION: bound", True, [33], "bound"),
    ("DEFECT: yes\nLINES: 12 — off by one in range(1, 10)\nEXPLANATION: range", True, [12], "range"),
    ("DEFECT: yes\nLINES: 14: the comparison uses <= 10\nEXPLANATION: cmp", True, [14], "cmp"),
    ("DEFECT: yes\nLINES: 7, 9. Line 2 only imports.\nEXPLANATION: sentence", True, [7, 9], "sentence"),
    ("DEFECT: yes\nLINES: 5 because 3 items fit in `MAX = 4`\nEXPLANATION: because", True, [5], "because"),
    ("DEFECT: yes\nLINES: 33 and line 41 (both read `items[1:]`)\nEXPLANATION: and", True, [33, 41], "and"),
    ("DEFECT: yes\nLINES: [33, 41] - see `x // 100`\nEXPLANATION: brackets", True, [33, 41], "brackets"),
    ("DEFECT: yes\nLINES: 33 - 100 is the wrong divisor\nEXPLANATION: dash", True, [33], "dash"),
    ("**DEFECT:** yes\n**LINES:** `18` (the `len(x) - 1` guard)\n**EXPLANATION:** guard", True, [18], "guard"),
    ("DEFECT: yes\nLINES: lines 3 to 5; line 100 is fine\nEXPLANATION: semicolon", True, [3, 4, 5], "semicolon"),
    ("DEFECT: yes\nLINES: L12, L14 & 20\nEXPLANATION: refs", True, [12, 14, 20], "refs"),
    # fields in any order; the last readable DEFECT decides
    ("EXPLANATION: off by one\nDEFECT: yes\nLINES: 12", True, [12], "off by one"),
    ("LINES: 4\nEXPLANATION: reversed\nDEFECT: yes", True, [4], "reversed"),
    ("DEFECT: yes\nEXPLANATION: before lines\nspans two lines\nLINES: 3", True, [3], "before lines\nspans"),
    ("**Explanation:** `max_items` unchecked\n**Lines:** 9\n**Defect:** yes", True, [9], "max_items"),
    ("DEFECT: yes\nLINES: 3\nEXPLANATION: draft\n\nFinal answer:\nDEFECT: no\nLINES: none\nEXPLANATION: final",
     False, [], "final"),
    ("EXPLANATION: first\nDEFECT: no\nLINES: none\nEXPLANATION: second\nDEFECT: yes\nLINES: 8", True, [8], "second"),
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
    ("33 (uses // 100)", [33]), ("`33`, `41`", [33, 41]), ("`x // 100` on line 12", []), ("33 - 35", [33, 34, 35]),
    ("33 - 35 (the loop)", [33, 34, 35]), ("33 & 41", [33, 41]), ("33, and 41", [33, 41]), ("none (clean)", []),
])
def test_parse_lines(text, expected):
    assert parse_lines(text) == expected


def test_the_last_complete_block_wins_whole():
    verdict = parse_answer("DEFECT: yes\nLINES: 3\nEXPLANATION: draft\nDEFECT: no\nLINES: none\nEXPLANATION: final")
    assert (verdict.defect, verdict.lines, verdict.explanation) == (False, [], "final")
    # a block written explanation-first: its explanation stays with its verdict, not the draft's
    verdict = parse_answer("EXPLANATION: draft\nDEFECT: yes\nLINES: 3\nEXPLANATION: final\nDEFECT: no\nLINES: none")
    assert (verdict.defect, verdict.lines, verdict.explanation) == (False, [], "final")


@pytest.mark.parametrize("raw", [
    "DEFECT: yes\nLINES: 12\nEXPLANATION: off by one",
    "DEFECT: no\nLINES: none\nEXPLANATION: fine",
    "defect: YES\nlines: 12, 14-16\nexplanation: x\nsecond line",
    "\nDEFECT: no\nLINES:\nEXPLANATION:\n",
])
def test_plain_answers_are_not_lenient(raw):
    assert parse_answer(raw).lenient is False


@pytest.mark.parametrize("raw", [
    "**DEFECT:** yes\n**LINES:** 7\n**EXPLANATION:** x",
    '{"defect": true, "lines": [3], "explanation": "json"}',
    "<think>hm</think>\nDEFECT: yes\nLINES: 2\nEXPLANATION: z",
    "```\nDEFECT: yes\nLINES: 5\nEXPLANATION: fence\n```",
    "Sure!\nDEFECT: yes\nLINES: 8\nEXPLANATION: chatter",
    "EXPLANATION: first\nDEFECT: yes\nLINES: 1",
    "DEFECT: yes\nLINES: 33 (uses // 100)\nEXPLANATION: prose on LINES",
    "DEFECT: yes\nLINES: `33`\nEXPLANATION: backticks",
    "DEFECT: true\nLINES: 3\nEXPLANATION: boolean",
    "DEFECT: no\nLINES: none\nEXPLANATION: draft\nDEFECT: yes\nLINES: 3\nEXPLANATION: two blocks",
])
def test_lenient_answers_say_so(raw):
    assert parse_answer(raw).lenient is True


def test_unparsed_and_constructed_verdicts_are_not_lenient():
    assert parse_answer("no idea").lenient is False
    assert parse_answer("").lenient is False


_WORDS = st.sampled_from(["uses", "the", "bound", "is", "off", "by", "one", "instead", "of", "should", "be", "x", "n",
                          "range(1,", "len(items)", "items[1:]"])
_NUMBERS = st.integers(0, 999).map(str)
_CODE = st.integers(0, 999).map(lambda n: f"`{n}`") | st.integers(0, 999).map(lambda n: f"`x // {n}`")
_PROSE = st.tuples(_WORDS, st.lists(_WORDS | _NUMBERS | _CODE, max_size=8)).map(lambda t: " ".join([t[0], *t[1]]))


@given(
    lines=st.lists(st.integers(1, 400), min_size=1, max_size=5, unique=True).map(sorted),
    joiner=st.sampled_from([", ", " and ", " & ", ", and ", ","]),
    prefix=st.sampled_from(["", "L", "line "]),
    separator=st.sampled_from([" (", " - ", " — ", ": ", "; ", " because ", ". ", " ", " -- "]),
    prose=_PROSE,
)
def test_prose_after_the_lines_list_never_adds_lines(lines, joiner, prefix, separator, prose):
    value = joiner.join(f"{prefix}{n}" for n in lines) + separator + prose
    verdict = parse_answer(f"DEFECT: yes\nLINES: {value}\nEXPLANATION: e")
    assert verdict.lines == lines
    assert verdict.lenient
    assert parse_lines(value) == lines


@pytest.mark.parametrize("raw", ["Yes", "No", "yes.", "No.", " YES \n", "Yes!", "**No**", "`yes`"])
def test_a_bare_yes_or_no_is_unparsed(raw):
    """Not a verdict: the prompt asks for the three fields, and a word says neither which lines nor why (SmolLM2
    answered a bare Yes/No 9 times of 176, apparently at random); corpus/FORMAT.md says so."""
    verdict = parse_answer(raw)
    assert verdict.defect is None and verdict.raw == raw


def test_a_structured_answer_reads_as_a_free_one():
    """--structured: a JSON object (response_format, tool use) or the grammar's block."""
    assert parse_answer('{"defect": true, "lines": [3, 4], "explanation": "inverted"}').lines == [3, 4]
    grammar = parse_answer("DEFECT: no\nLINES: none\nEXPLANATION: the bound is right")
    assert grammar.defect is False and grammar.lenient is False
    cut = parse_answer("DEFECT: yes\nLINES: 12\nEXPLANATION: the loop stops one short because the")
    assert cut.defect is True and cut.lines == [12]


# ---- issue 34.6: the lines an answer names are bounded ------------------------------------------------------

def _many(shape: str, n: int) -> str:
    numbers = [str(i) for i in range(1, n + 1)]
    if shape == "comma":
        return "DEFECT: yes\nLINES: " + ", ".join(numbers) + "\nEXPLANATION: all of them"
    if shape == "bullets":
        return "DEFECT: yes\nLINES:\n" + "".join(f"- {i}\n" for i in numbers) + "EXPLANATION: all of them"
    if shape == "ranges":  # 500-line ranges: 2,000 of them name a million lines
        return "DEFECT: yes\nLINES: " + ", ".join(f"{i}-{i + 499}" for i in range(1, n, 500)) + "\nEXPLANATION: x"
    return '{"defect": true, "lines": [' + ", ".join(numbers) + '], "explanation": "all of them"}'


@pytest.mark.parametrize("shape", ["comma", "bullets", "ranges", "json"])
def test_an_answer_naming_too_many_lines_keeps_the_first_max_lines(shape):
    verdict = parse_answer(_many(shape, 200_000))
    assert verdict.defect is True and verdict.lines_cut is True
    assert verdict.lines == list(range(1, MAX_LINES + 1))
    assert verdict.explanation == ("x" if shape == "ranges" else "all of them")


@pytest.mark.parametrize("shape", ["comma", "bullets", "json"])
def test_max_lines_or_fewer_are_kept_whole(shape):
    verdict = parse_answer(_many(shape, MAX_LINES))
    assert verdict.lines == list(range(1, MAX_LINES + 1)) and verdict.lines_cut is False
    assert parse_answer(_many(shape, MAX_LINES + 1)).lines_cut is True


def test_a_line_named_twice_counts_twice_towards_the_bound():
    """What is bounded is how much is read, so `1, 1, 1, ...` two million times stops as soon as the rest."""
    verdict = parse_answer("DEFECT: yes\nLINES: " + ", ".join(["7"] * (MAX_LINES + 5)) + ", 9\nEXPLANATION: x")
    assert verdict.lines == [7] and verdict.lines_cut is True


def test_a_number_of_thousands_of_digits_is_no_line():
    assert parse_answer("DEFECT: yes\nLINES: 12, " + "9" * 5000 + "\nEXPLANATION: x").lines == [12]


@given(st.lists(st.integers(1, 5000), max_size=3000), st.sampled_from([", ", " and ", ","]))
def test_never_more_than_max_lines(numbers, joiner):
    verdict = parse_answer("DEFECT: yes\nLINES: " + joiner.join(map(str, numbers)) + "\nEXPLANATION: e")
    assert len(verdict.lines) <= MAX_LINES
    assert verdict.lines_cut == (len(numbers) > MAX_LINES)
    assert set(verdict.lines) == set(numbers[:MAX_LINES])
