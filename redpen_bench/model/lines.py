"""Where a line of code ends: the one rule every numbered line of the tool uses (prompts, snippets, excerpts, the
gate's diff, scoring's SARIF regions, the report's code views).

It is the rule of Python's tokenizer, which analyzers and editors share: a line ends at `\\r\\n`, `\\r` or `\\n`,
nothing else. `str.splitlines()` also splits at `\\f`, `\\v`, `\\x1c`-`\\x1e`, `\\x85`, U+2028 and U+2029, so a
page break (a form-feed line, common in older Python) or U+2028 in a comment would shift every later number by
one against the line an analyzer names and the corpus plants (issue 34, item 7).
"""

from __future__ import annotations

import re

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_END = re.compile(r"\r\n|\r|\n")
_END_BYTES = re.compile(rb"\r\n|\r|\n")


def split_lines(text: str, keepends: bool = False) -> list[str]:
    """`text`'s lines as Python numbers them (line n is item n - 1), like `str.splitlines` but ending lines only
    at `\\r\\n`, `\\r` and `\\n`; a last line without an end is a line, an end at the very end adds none."""
    lines = _LINE.findall(text)
    return lines if keepends else [_END.sub("", line) for line in lines]


def count_lines(text: str) -> int:
    return len(_LINE.findall(text))


def line_of(data: str | bytes, offset: int) -> int:
    """The number of the line holding character (str) or byte (bytes) `offset` of `data` (the `\n` of a `\r\n`
    is on the line that `\r\n` ends)."""
    cr, lf = ("\r", "\n") if isinstance(data, str) else (b"\r", b"\n")
    ends = (_END if isinstance(data, str) else _END_BYTES).findall(data[:offset])  # type: ignore[arg-type]
    inside_crlf = 0 < offset < len(data) and data[offset - 1 : offset] == cr and data[offset : offset + 1] == lf
    return len(ends) + 1 - inside_crlf
