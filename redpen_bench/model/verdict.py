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


@dataclass
class Verdict:
    defect: bool | None
    lines: list[int] = field(default_factory=list)
    explanation: str = ""
    raw: str = ""
    error: str | None = None
    lenient: bool = False  # reading it took more than the plain three labelled lines in order


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
_ITEMS = re.compile(_ITEM, re.IGNORECASE)
_LIST = re.compile(rf"[\[(]?\s*{_ITEM}(?:\s*(?:,\s*(?:and\b|&)?|&|\band\b)\s*{_ITEM})*", re.IGNORECASE)
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


def _leading_list(text: str) -> tuple[list[int], str]:
    """The lines of the list `text` starts with, and the rest of `text`."""
    match = _LIST.match(text)
    if not match:
        return [], text
    found: set[int] = set()
    for item in _ITEMS.finditer(match.group()):
        start, end = sorted((int(item.group(1)), int(item.group(2) or item.group(1))))
        if start >= 1 and end - start <= MAX_RANGE:
            found.update(range(start, end + 1))
    return sorted(found), text[match.end() :]


def _read_lines(text: str) -> tuple[list[int], bool]:
    """The lines a LINES value names, and whether prose after them was left out."""
    lines, rest = _leading_list(re.sub(r"[*_]+", "", text).strip())
    return lines, not _NO_LINES.fullmatch(rest)


def parse_lines(value: object) -> list[int]:
    """Line numbers from `12, 14-16`, `L12 and L20`, `line 7`, `[3, 4]`, `none`, `N/A`, `-`; prose after the
    list (`33 (uses // 100)`) names no lines."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [value] if value > 0 else []
    if isinstance(value, list):
        return sorted({n for v in value for n in parse_lines(v)})
    if not isinstance(value, str):
        return []
    return _read_lines(value)[0]


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
        return Verdict(
            defect=defect,
            lines=parse_lines(fields.get("lines", [])),
            explanation=explanation if isinstance(explanation, str) else json.dumps(explanation),
            lenient=True,
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
                lines, dropped = _read_lines(value)
                prose_left_out = prose_left_out or dropped
                given.append((current, lines))
            else:
                value = value.strip(" *_`")
                given.append((current, [value] if value else []))
            continue
        if current == "explanation":
            given[-1][1].append(raw_line.strip())
        elif current == "lines" and line:
            more, dropped = _read_lines(line)
            if more and not dropped:  # the list goes on below its label, e.g. as bullets
                given[-1] = (current, sorted(set(given[-1][1]) | set(more)))
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

    return Verdict(
        defect=given[decisive][1],
        lines=value_of("lines", []),
        explanation="\n".join(value_of("explanation", [])).strip(),
        lenient=prose_left_out or [name for name, _ in given] != ["defect", "lines", "explanation"],
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
