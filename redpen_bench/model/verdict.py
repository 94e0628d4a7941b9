"""The verdict a reviewer gives on one snippet, and the parser that reads it out of real-world answers.

Answers come from LLMs that wrap the asked-for `DEFECT:` / `LINES:` / `EXPLANATION:` fields in reasoning
blocks, markdown, code fences, JSON or chatter, so the parser is lenient about the wrapping and strict about
the verdict itself: an answer whose DEFECT field cannot be read is unparsed (defect None), never guessed.
The rules for LINES and for fields out of order are in corpus/FORMAT.md ("Reviewer verdicts").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from redpen_bench.model.json_text import parse_json

MAX_RANGE = 500  # "LINES: 1-100000" is not a localisation; cap the expansion of a range
# the numbers LINES is read for: an answer naming 200,000 lines made a 1.5 MB row, and 2 million took 5.5 s of
# CPU to read (benchmarks/README.md, issue 34.6). The first MAX_LINES named (a range counts each of its lines)
# are kept, the rest are never read, and the verdict says so (lines_cut; its row says "truncated": true). A
# review names a handful of lines: 1000 is far past any real answer.
MAX_LINES = 1000
MAX_DIGITS = 9  # a longer number is no line (and int() refuses more than 4300 digits)


@dataclass
class Verdict:
    defect: bool | None
    lines: list[int] = field(default_factory=list)
    explanation: str = ""
    raw: str = ""
    error: str | None = None
    lenient: bool = False  # reading it took more than the plain three labelled lines in order
    lines_cut: bool = False  # the answer named more than MAX_LINES lines: `lines` holds the first MAX_LINES


_THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.IGNORECASE | re.DOTALL)
_THINK_CLOSE = re.compile(r"</(think|thinking|reasoning)>", re.IGNORECASE)
_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.DOTALL)
_LABEL = re.compile(
    r"^(?P<label>defect(?:\s+found|\s+present)?|defective|has[\s_]defect|lines?|line[\s_]numbers?|explanation|reason)"
    r"\s*(?:\(.*?\))?\s*[:=]\s*(?P<value>.*)$",
    re.IGNORECASE,
)
_MARKUP = re.compile(r"[*_`]+|^\s*(?:#+|>+|[-+•]\s+|\d+[.)]\s+)\s*")
# the answer exactly as asked; anything else was read leniently
_PLAIN = re.compile(r"\s*DEFECT: *(?:yes|no) *\nLINES:[^\n*_`\"']*\nEXPLANATION:.*", re.IGNORECASE | re.DOTALL)

# A LINES value is a list of references at its start; whatever follows the list is prose.
_PREFIX = r"(?:L|\#|lines?\s*)?"
_REF = rf"[`\"']?{_PREFIX}(\d+)(?!\d)[`\"']?"  # `33` is a line; the 100 in `x // 100` is code, not the list
# "33 - 100 is wrong" is a dash and a reason, not a range: a spaced dash needs a range end that no word follows
_THRU = rf"(?:\s*(?:\.\.|\bto\b|\bthrough\b)\s*|[-–—]|\s*[-–—]\s*(?={_PREFIX}\d+(?!\d)(?!\s+(?!and\b)[a-z])))"
_ITEM = rf"{_REF}(?:{_THRU}{_REF})?"
# a list is its first item, then items each after a separator: matched one at a time, to stop at MAX_LINES
_FIRST = re.compile(rf"[\[(]?\s*{_ITEM}", re.IGNORECASE)
_NEXT = re.compile(rf"\s*(?:,\s*(?:and\b|&)?|&|\band\b)\s*{_ITEM}", re.IGNORECASE)
# what may be left after a list (or stand instead of one) without being prose
_NO_LINES = re.compile(r"\W*(?:none|n/?a|null|nil|nothing)?\W*", re.IGNORECASE)

_YES = ("yes", "true", "y", "present", "found", "defective")
_NO = ("no", "false", "n", "none", "absent", "clean")


def mostly_unparsed(unparsed: int, answers: int) -> bool:
    """More than half of a reviewer's answers (`answers` counts the unparsed ones) could not be read: its figures
    measure its answer format, not its review, so neither the run's last line nor the report presents it as a
    result."""
    return answers > 0 and 2 * unparsed > answers


def strip_reasoning(text: str) -> str:
    text = _THINK_BLOCK.sub("", text)
    closes = list(_THINK_CLOSE.finditer(text))
    if closes:  # an unopened closing tag: everything before it was reasoning
        text = text[closes[-1].end() :]
    return text


def parse_yes_no(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    if not isinstance(value, str):
        return None
    words = re.findall(r"[a-z]+", value.lower())
    if not words or (len(words) > 1 and words[1] in ("or", "no", "yes") and words[0] in ("yes", "no")):
        return None  # "yes/no", "yes or no": an echoed template, not an answer
    if words[0] in _YES:
        return True
    if words[0] in _NO:
        return False
    return None


class _Named:
    """The lines a verdict names, in the order named, up to MAX_LINES numbers (a range counts each line)."""

    def __init__(self) -> None:
        self.found: dict[int, None] = {}  # a dict: named in order, each once
        self.numbers = 0  # named so far, a line named twice counted twice: what bounds the reading
        self.cut = False

    def add(self, start: int, end: int) -> bool:
        """Name lines start..end; False once MAX_LINES numbers are named (the caller reads no more)."""
        for line in range(start, end + 1):
            if self.numbers >= MAX_LINES:
                self.cut = True
                return False
            self.numbers += 1
            self.found[line] = None
        return True

    def lines(self) -> list[int]:
        return sorted(self.found)


def _leading_list(text: str, named: _Named) -> str:
    """Name the lines of the list `text` starts with; the rest of `text` ("" once MAX_LINES are named)."""
    match, rest = _FIRST.match(text), 0
    while match:
        first, last = match.group(1), match.group(2) or match.group(1)
        if len(first) <= MAX_DIGITS and len(last) <= MAX_DIGITS:
            start, end = sorted((int(first), int(last)))
            if start >= 1 and end - start <= MAX_RANGE and not named.add(start, end):
                return ""  # the rest is never read: 2 million numbers cost what 1000 do
        rest = match.end()
        match = _NEXT.match(text, rest)
    return text[rest:]


def _read_lines(text: str, named: _Named) -> bool:
    """Name the lines a LINES value names; whether prose after them was left out."""
    rest = _leading_list(re.sub(r"[*_]+", "", text).strip(), named)
    return not named.cut and not _NO_LINES.fullmatch(rest)


def parse_lines(value: object) -> list[int]:
    """Line numbers from `12, 14-16`, `L12 and L20`, `line 7`, `[3, 4]`, `none`, `N/A`, `-`; prose after the
    list (`33 (uses // 100)`) names no lines. At most the first MAX_LINES named."""
    named = _Named()
    _name_lines(value, named)
    return named.lines()


def _name_lines(value: object, named: _Named) -> bool:
    """Name the lines `value` (a JSON field or a LINES text) names; False once MAX_LINES are named."""
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return value <= 0 or named.add(value, value)
    if isinstance(value, list):
        return all(_name_lines(v, named) for v in value)  # all() stops at the first False
    if isinstance(value, str):
        _read_lines(value, named)
    return not named.cut


def _from_json(text: str) -> Verdict | None:
    candidates = [m.group(1) for m in _FENCE.finditer(text)]
    first, last = text.find("{"), text.rfind("}")
    if 0 <= first < last:
        candidates.append(text[first : last + 1])
    for candidate in candidates:
        try:
            data = parse_json(candidate)
        except ValueError:
            continue
        if not isinstance(data, dict):
            continue
        fields = {str(k).lower(): v for k, v in data.items()}
        if "defect" not in fields:
            continue
        defect = parse_yes_no(fields["defect"])
        if defect is None:
            continue
        explanation = fields.get("explanation", "")
        named = _Named()
        _name_lines(fields.get("lines", []), named)
        return Verdict(
            defect=defect,
            lines=named.lines(),
            explanation=explanation if isinstance(explanation, str) else json.dumps(explanation),
            lenient=True,
            lines_cut=named.cut,
        )
    return None


def _field_of(label: str) -> str:
    label = label.lower()
    if label.startswith("line"):
        return "lines"
    if label.startswith(("explanation", "reason")):
        return "explanation"
    return "defect"


def _from_labels(text: str) -> Verdict | None:
    given: list[tuple[str, object]] = []  # (field, value) in answer order; only readable DEFECTs
    prose_left_out = False
    current = None
    for raw_line in text.splitlines():
        line = _MARKUP.sub("", raw_line).strip()
        match = _LABEL.match(line)
        if match:
            current = _field_of(match.group("label"))
            # values from the raw line: markup stripping would eat identifiers' underscores and code's backticks
            value = re.split(r"[:=]", raw_line, maxsplit=1)[-1]
            if current == "defect":
                answer = parse_yes_no(match.group("value").strip())
                if answer is None:
                    current = None
                else:
                    given.append((current, answer))
            elif current == "lines":
                named = _Named()
                prose_left_out = _read_lines(value, named) or prose_left_out
                given.append((current, named))
            else:
                value = value.strip(" *_`")
                given.append((current, [value] if value else []))
            continue
        if current == "explanation":
            given[-1][1].append(raw_line.strip())
        elif current == "lines" and line:
            more = _Named()
            dropped = _read_lines(line, more)
            if more.found and not dropped:  # the list goes on below its label, e.g. as bullets
                named = given[-1][1]
                for number in more.found:  # merged in place: a list of 200,000 bullets was quadratic
                    if not named.add(number, number):
                        break
            else:
                current = None
    decisive = max((i for i, (name, _) in enumerate(given) if name == "defect"), default=None)
    if decisive is None:
        return None

    def value_of(name: str, default: object) -> object:
        # the last one given after the deciding DEFECT, else the nearest before it: a final block wins whole,
        # and a field written before its DEFECT still counts
        after = [v for n, v in given[decisive:] if n == name]
        before = [v for n, v in given[:decisive] if n == name]
        return (after or before or [default])[-1]

    lines = value_of("lines", _Named())
    return Verdict(
        defect=given[decisive][1],
        lines=lines.lines(),
        explanation="\n".join(value_of("explanation", [])).strip(),
        lenient=prose_left_out or [name for name, _ in given] != ["defect", "lines", "explanation"],
        lines_cut=lines.cut,
    )


def parse_answer(raw: str | None) -> Verdict:
    """Read a reviewer's free-text answer; unreadable answers give defect None (counted as "no")."""
    raw = raw or ""
    text = strip_reasoning(raw)
    verdict = _from_labels(text)
    if verdict is None:
        verdict = _from_json(text)
    if verdict is None:
        return Verdict(defect=None, raw=raw)
    verdict.raw = raw
    verdict.lenient = verdict.lenient or not _PLAIN.fullmatch(raw)
    return verdict
