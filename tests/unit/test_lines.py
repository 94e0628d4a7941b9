"""The one line-splitting rule (model/lines.py) is Python's: invariants over any text."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.model.lines import count_lines, line_of, split_lines

# the ends Python knows and the separators only str.splitlines knows, among ordinary characters
PIECES = ["a", " ", "\n", "\r", "\r\n", "\f", "\v", "\x1c", "\x85", "\u2028", "\u2029"]
TEXT = st.lists(st.sampled_from(PIECES)).map("".join)


@given(TEXT)
def test_lines_are_those_python_reads(text):
    lines = split_lines(text, keepends=True)
    assert "".join(lines) == text
    universal = io.StringIO(text, newline=None).readlines()  # universal newlines: \r\n, \r, \n only
    assert [line.rstrip("\n") for line in universal] == split_lines(text)
    assert count_lines(text) == len(universal)


@given(TEXT, st.data())
def test_line_of_an_offset_is_the_line_holding_it(text, data):
    offset = data.draw(st.integers(0, max(0, len(text) - 1)))
    starts = [0]
    for line in split_lines(text, keepends=True):
        starts.append(starts[-1] + len(line))
    expected = max(1, sum(1 for start in starts[1:] if start <= offset) + 1)
    assert line_of(text, offset) == expected
    assert line_of(text.encode("utf-8"), len(text[:offset].encode("utf-8"))) == expected


def test_a_lone_carriage_return_ends_a_line_as_in_python():
    assert split_lines("a\rb\r\nc\fd\u2028e") == ["a", "b", "c\fd\u2028e"]
    assert line_of("a\rb", 2) == 2 and line_of(b"a\rb", 2) == 2
