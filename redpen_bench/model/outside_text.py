"""Text Red-Pen did not write, made safe for the medium it is shown in.

Reviewer names read from replay files and run folders, model answers, analyzers' and SARIF messages, rule ids,
item titles and corpus names are hostile until shown otherwise. Every place that prints or writes such text
passes it through the one function of its medium below, so a case found in one place is closed in all:

- `terminal`: control characters (C0, DEL, C1, bidi overrides, line separators) shown as escapes (`\\x1b`),
  never sent: an OSC 52 sequence in a name would write the reader's clipboard, a cursor move would rewrite what
  was printed. Piped output too: it is read in a terminal later.
- `rich_text`: `terminal`, as a rich Text: never parsed as markup (`x[/]` would raise MarkupError, `[bold]b`
  would hide the brackets) nor emoji codes.
- `markdown`: inline Markdown on one line: HTML and Markdown metacharacters escaped, so it can neither end the
  block it sits in nor start markup; `markdown_html` for text inside raw HTML (a `<summary>`).
- `csv_cell`: a text cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP).
- `html`: HTML-escaped, controls shown as escapes (the HTML report).
- `chart`: a chart label (matplotlib SVG, where XML allows no control character and `$` starts mathtext).

Plain text (letters, digits, punctuation a name or a sentence uses) passes `terminal`, `rich_text` and
`csv_cell` unchanged; `markdown`, `markdown_html`, `html` and `chart` escape only their metacharacters, which a
renderer shows as the characters they were.
"""

from __future__ import annotations

import html as _html
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.text import Text

# C0 but tab and newline, DEL, C1, the bidi embeddings, overrides, isolates and marks (they reorder what is
# shown), and Unicode's line and paragraph separators
_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_CONTROLS = re.compile(f"[{_CONTROL}]")
_CONTROLS_AND_LINES = re.compile(f"[{_CONTROL}\t\n]")


def _shown(match: re.Match) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def terminal(text: object, lines: bool = False) -> str:
    """For a terminal: every control character as a visible escape (`\\x1b`, `\\n`, `\\u202e`); with `lines`,
    newlines and tabs are kept (a message of several lines)."""
    return (_CONTROLS if lines else _CONTROLS_AND_LINES).sub(_shown, str(text))


def rich_text(text: object) -> Text:
    """For a rich table or console: `terminal`, as Text (never read as markup)."""
    from rich.text import Text

    return Text(terminal(text))


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|#~@$])")  # $: GitHub's math
_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto|www)([:.])")  # GFM links bare URLs: break the scheme
_LIST_NUMBER = re.compile(r"\d+(?=[.)])")


def markdown(text: object, block_start: bool = False) -> str:
    """For Markdown inline text, on one line: HTML-escaped, Markdown punctuation backslashed, bare URLs unlinked,
    line breaks folded to spaces. With `block_start` (the text opens a paragraph or a quoted line), leading blanks
    are dropped (four would start code) and a leading list marker, list number or underline is escaped."""
    text = _CONTROLS.sub(_shown, str(text).replace("\r\n", " ").replace("\r", " ").replace("\n", " "))
    text = _AUTOLINK.sub(r"\1\\\2", _MARKDOWN_SPECIAL.sub(r"\\\1", _html.escape(text, quote=False)))
    if block_start:
        text = text.lstrip()
        number = _LIST_NUMBER.match(text)
        if number:
            text = f"{number.group()}\\{text[number.end():]}"
        elif text[:1] in ("-", "+", "="):
            text = "\\" + text
    return text


def markdown_html(text: object) -> str:
    """For text inside a raw HTML line of a Markdown file (`<summary>…</summary>`): HTML-escaped, controls
    visible, on one line (a blank line would end the HTML block and what follows would be read as Markdown)."""
    return _html.escape(terminal(str(text).replace("\r\n", " ").replace("\r", " ").replace("\n", " ")))


def html(text: object) -> str:
    """For HTML text and attribute values: HTML-escaped, controls but newline and tab shown as escapes."""
    return _html.escape(terminal(text, lines=True))


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """For a CSV cell: a text cell starting as a spreadsheet formula does (= + - @ tab CR) gets a leading ', and
    control characters but newline and tab are shown as escapes (a CSV is also printed). Anything but a string
    passes unchanged: the number -0.5 stays a number."""
    if not isinstance(value, str):
        return value
    value = _CONTROLS.sub(_shown, value)
    return "'" + value if value.startswith(_FORMULA_START) else value


def csv_frame(frame):
    """A copy of a pandas DataFrame with every text cell through `csv_cell`; numeric columns untouched."""
    out = frame.copy()
    for column in out.columns:
        if out[column].dtype.kind == "O":  # object and string columns (numbers, booleans, times are not)
            out[column] = out[column].map(csv_cell)
    return out


def chart(text: object) -> str:
    """For a matplotlib label: controls visible, on one line (XML allows no control character), and every `$`
    escaped (a pair of them starts mathtext, which shows other text and fails on what it cannot parse)."""
    return terminal(text).replace("$", r"\$")
