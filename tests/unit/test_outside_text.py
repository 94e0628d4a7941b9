"""model/outside_text.py, function by function: what each medium gets of hostile text, and that plain text passes
unchanged (the reference report, whose names are plain, stays byte-identical: tests/e2e)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.model import outside_text as shown

PLAIN = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E) | st.sampled_from("éß→≤±—…"), max_size=40)


@given(PLAIN)
def test_plain_text_reaches_a_terminal_unchanged(text):
    assert shown.terminal(text) == text and shown.chart(text.replace("$", "")) == text.replace("$", "")


@given(st.text(max_size=40))
def test_no_control_character_reaches_a_terminal(text):
    out = shown.terminal(text)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u2066\u2028" for c in out)
    assert "\n" not in out and set(shown.terminal(text, lines=True)) - set(out) <= {"\n", "\t"}


def test_controls_are_shown_as_escapes():
    assert shown.terminal("a\x1b]52;c;eA==\x07b\x9b\u202e\n") == "a\\x1b]52;c;eA==\\x07b\\x9b\\u202e\\n"
    assert shown.terminal("one\ntwo\tthree", lines=True) == "one\ntwo\tthree"


def test_rich_text_is_never_markup():
    from rich.console import Console

    console = Console(width=80, record=True, force_terminal=False)
    for name in ("x[/]", "[bold]b[/bold]", ":warning:"):
        console.print(shown.rich_text(name))
    assert console.export_text().splitlines() == ["x[/]", "[bold]b[/bold]", ":warning:"]


@pytest.mark.parametrize(("cell", "expected"), [
    ("=1+1", "'=1+1"), ("+cmd", "'+cmd"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"),
    ("\r=1", "\\r=1"), ("ruff:bugs", "ruff:bugs"), ("a=1", "a=1"), (-0.5, -0.5), (3, 3), (None, None),
])
def test_csv_cells(cell, expected):
    assert shown.csv_cell(cell) == expected


def test_csv_frame_leaves_numbers_as_numbers():
    import pandas as pd

    frame = pd.DataFrame({"reviewer": ["=x", "ok"], "score": [-0.5, 0.25], "n": [1, 2]})
    out = shown.csv_frame(frame)
    assert list(out["reviewer"]) == ["'=x", "ok"] and out["score"].dtype == float and out["n"].dtype == int
    assert list(frame["reviewer"]) == ["=x", "ok"]  # a copy


@pytest.mark.parametrize(("text", "inline", "block"), [
    ("ruff:bugs", "ruff:bugs", "ruff:bugs"),
    ("a\n\n![i](https://e.example/p.png)", "a  !\\[i\\](https\\://e.example/p.png)", None),
    ("<img src=x>", "&lt;img src=x&gt;", None),
    ("- item", "- item", "\\- item"), ("1. one", "1. one", "1\\. one"), ("    code", "    code", "code"),
    ("---", "---", "\\---"), ("www.e.example ~~s~~ $x$ a@b", "www\\.e.example \\~\\~s\\~\\~ \\$x\\$ a\\@b", None),
])
def test_markdown(text, inline, block):
    assert shown.markdown(text) == inline
    assert shown.markdown(text, block_start=True) == (block or inline)


def test_markdown_html_stays_on_one_line_and_is_no_html():
    assert shown.markdown_html("x\n\n<img src=y>\r\n") == "x  &lt;img src=y&gt; "
