"""The verdict a reviewer gives on one snippet, and the parser that reads it out of real-world answers.

Answers come from LLMs that wrap the asked-for `DEFECT:` / `LINES:` / `EXPLANATION:` fields in reasoning
blocks, markdown, code fences, JSON or chatter, so the parser is lenient about the wrapping and strict about
the verdict itself: an answer whose DEFECT field cannot be read is unparsed (defect None), never guessed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

MAX_RANGE = 500  # "LINES: 1-100000" is not a localisation; cap the expansion of a range


@dataclass
class Verdict:
    defect: bool | None
    lines: list[int] = field(default_factory=list)
    explanation: str = ""
    raw: str = ""
    error: str | None = None

    @property
    def says_yes(self) -> bool:
        return self.defect is True and self.error is None


_THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.IGNORECASE | re.DOTALL)
_THINK_CLOSE = re.compile(r"</(think|thinking|reasoning)>", re.IGNORECASE)
_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.DOTALL)
_LABEL = re.compile(
    r"^(?P<label>defect(?:\s+found|\s+present)?|defective|has[\s_]defect|lines?|line[\s_]numbers?|explanation|reason)"
    r"\s*(?:\(.*?\))?\s*[:=]\s*(?P<value>.*)$",
    re.IGNORECASE,
)
_MARKUP = re.compile(r"[*_`]+|^\s*(?:#+|>+|[-+•]\s+|\d+[.)]\s+)\s*")
_RANGE = re.compile(
    r"(?:\bL|\blines?\s*)?(\d+)(?:\s*(?:-|–|—|\.\.|\bto\b|\bthrough\b)\s*(?:L|lines?\s*)?(\d+))?", re.IGNORECASE
)
_YES = ("yes", "true", "y", "present", "found", "defective")
_NO = ("no", "false", "n", "none", "absent", "clean")


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


def parse_lines(value: object) -> list[int]:
    """Line numbers from `12, 14-16`, `L12 and L20`, `line 7`, `[3, 4]`, `none`, `N/A`, `-`."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [value] if value > 0 else []
    if isinstance(value, list):
        return sorted({n for v in value for n in parse_lines(v)})
    if not isinstance(value, str):
        return []
    found: set[int] = set()
    for match in _RANGE.finditer(value):
        start = int(match.group(1))
        end = int(match.group(2)) if match.group(2) else start
        if end < start:
            start, end = end, start
        if start < 1 or end - start > MAX_RANGE:
            continue
        found.update(range(start, end + 1))
    return sorted(found)


def _from_json(text: str) -> Verdict | None:
    candidates = [m.group(1) for m in _FENCE.finditer(text)]
    first, last = text.find("{"), text.rfind("}")
    if 0 <= first < last:
        candidates.append(text[first : last + 1])
    for candidate in candidates:
        try:
            data = json.loads(candidate)
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
    defect: bool | None = None
    lines: list[int] = []
    explanation: list[str] = []
    current = None
    for raw_line in text.splitlines():
        line = _MARKUP.sub("", raw_line).strip()
        match = _LABEL.match(line)
        if match:
            current = _field_of(match.group("label"))
            value = match.group("value").strip()
            if current == "defect":
                answer = parse_yes_no(value)
                if answer is not None:  # the last readable DEFECT line is the answer
                    defect, lines, explanation = answer, [], []
                else:
                    current = None
            elif current == "lines":
                lines = parse_lines(value)
            else:  # from the raw line: markup stripping would eat identifiers' underscores
                value = re.split(r"[:=]", raw_line, maxsplit=1)[-1].strip(" *_`")
                explanation = [value] if value else []
            continue
        if current == "explanation":
            explanation.append(raw_line.strip())
        elif current == "lines" and line and re.fullmatch(r"[\sLline\d,;.\-–—to]+", line, re.IGNORECASE):
            lines = sorted(set(lines) | set(parse_lines(line)))
        elif line:
            current = None if current == "lines" else current
    if defect is None:
        return None
    return Verdict(defect=defect, lines=lines, explanation="\n".join(explanation).strip())


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
    return verdict
