"""A verdict row: one reviewer's answer on one snippet (corpus/FORMAT.md, "Reviewer verdicts").

One schema (RowSchema, msgspec, strict) with one validator for every place a row comes from: a run folder's
verdicts.jsonl, a replay file, tuning. A row is scored only as FORMAT.md defines it: a field of the wrong type,
known or extra, is an error naming the field, never coerced (`"defect": 1` is not yes). msgspec, not pydantic:
benchmarks/README.md ("typed_rows.py") has the measurement.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from redpen_bench.model.corpus import SCORED_VARIANTS, Variant
from redpen_bench.model.findings import StoredFinding
from redpen_bench.model.typed import error_place
from redpen_bench.model.verdict import Verdict

SNIPPET_HASH_CHARS = 16
TEXT_FIELDS = ("explanation", "error", "raw")
ROW_FIELDS = ("reviewer", "item", "variant", "sample", "defect", "lines", *TEXT_FIELDS)
USAGE_FIELDS = ("input_tokens", "output_tokens")

T = TypeVar("T")
_Name = Annotated[str, msgspec.Meta(min_length=1)]
_Count = Annotated[int, msgspec.Meta(ge=0)]


class RowSchema(msgspec.Struct):
    """A verdict row's fields and their types: the one validator of rows (strict: `"defect": 1` is not yes, `"3"`
    is not a line). Keys it does not know pass through unchecked (a harness's own bookkeeping); every field but
    the four that say what was answered may be null."""

    reviewer: _Name
    item: _Name
    variant: Literal[SCORED_VARIANTS]  # type: ignore[valid-type]
    sample: _Count = 0
    defect: bool | None = None
    lines: list[Annotated[int, msgspec.Meta(ge=1)]] = []
    explanation: str | None = None
    error: str | None = None
    raw: str | None = None
    # the extra fields a reviewer or a replay file may carry
    findings: list[StoredFinding] | None = None
    latency_s: float | None = None
    input_tokens: Any = None  # read through token_count: an odd count is unknown, never a bad row
    output_tokens: Any = None
    cost_usd: float | None = None
    attempts: _Count | None = None
    cached: bool | None = None
    truncated: bool | None = None
    lenient: bool | None = None
    fingerprint: str | None = None
    snippet: str | None = None
    components: dict | None = None


# what a field must be, in words: the message of a row that has it wrong
EXPECTED = {
    "reviewer": "a non-empty string", "item": "a non-empty string", "variant": f"one of {list(SCORED_VARIANTS)}",
    "sample": "a whole number >= 0", "defect": "true, false or null", "lines": "a list of line numbers",
    **dict.fromkeys(TEXT_FIELDS, "a string or null"),
    "findings": "a list of finding objects", "latency_s": "a number", "cost_usd": "a number",
    "attempts": "a whole number >= 0", "cached": "true or false", "truncated": "true or false",
    "lenient": "true or false", "fingerprint": "a string", "snippet": "a string", "components": "an object",
}


def token_count(value: object) -> int | None:
    """A usage count as a server reported it, or None (unknown): servers send -1, floats, strings or nothing for
    "not counted", and that is never a reason to lose the answer it came with. The writer and the reader of a row
    both read usage through this, so a row the tool writes is a row it reads."""
    return value if type(value) is int and value >= 0 else None


def row_problem(row: object) -> str | None:
    """Why `row` (a parsed JSON value) is not a valid verdict row, or None."""
    if not isinstance(row, dict):
        return "not a JSON object"
    try:
        _convert(row, RowSchema)
    except msgspec.ValidationError as exc:
        where, message = error_place(exc)
        field = re.match(r"[^.\[]*", where).group()
        if where == field or field != "findings":  # a field of the row: its own words, as before msgspec
            return f"field '{field}': expected {EXPECTED.get(field, message)}"
        return f"field '{where}': {message}"  # inside a finding: which one, and which of its fields
    return None


_convert = msgspec.convert


def row_key(row: dict) -> tuple:
    """What a row answers: (reviewer, item, variant, sample). A later row with the same key replaces it."""
    return row["reviewer"], row["item"], row["variant"], row.get("sample") or 0


def latest_rows(rows: Iterable[T], key: Callable[[T], Hashable] = row_key) -> list[T]:
    """The last row per key, in the order the keys first came: the one rule for rows given twice (a resumed or
    retried answer replaces the one before), for run folders, replay files, the scorer and the rule table."""
    latest: dict[Hashable, T] = {}
    for row in rows:
        latest[key(row)] = row
    return list(latest.values())


def checked_row(data: object) -> dict:
    """A stored row (a parsed JSON value) as the scorer reads it: validated, usage counts read as `token_count`
    reads them; ValueError naming the field when it is not a row."""
    problem = row_problem(data)
    if problem:
        raise ValueError(problem)
    assert isinstance(data, dict)
    for key in USAGE_FIELDS:
        if key in data:
            data[key] = token_count(data[key])
    return data


@dataclass
class VerdictRow:
    reviewer: str
    item: str
    variant: str
    defect: bool | None
    lines: list[int]
    explanation: str
    raw: str
    error: str | None
    sample: int = 0
    meta: dict[str, Any] = field(default_factory=dict)  # the extra fields: findings, latency_s, tokens...

    @classmethod
    def of(cls, reviewer: str, item: str, variant: str, verdict: Verdict, sample: int = 0, **meta) -> VerdictRow:
        if verdict.lenient:
            meta.setdefault("lenient", True)
        for key in USAGE_FIELDS & meta.keys():
            meta[key] = token_count(meta[key])
        return cls(reviewer, item, variant, verdict.defect, list(verdict.lines), verdict.explanation,
                   verdict.raw, verdict.error, sample, meta)

    @classmethod
    def answering(cls, reviewer: str, file: Variant, verdict: Verdict, sample: int = 0, **meta) -> VerdictRow:
        """The row of an answer on the scored `file`, naming its content by hash: a row is only ever scored
        against the file it answered."""
        return cls.of(reviewer, file.item_id, file.name, verdict, sample,
                      **(meta | {"snippet": file.sha256[:SNIPPET_HASH_CHARS]}))

    @classmethod
    def from_dict(cls, data: object) -> VerdictRow:
        """A stored row, validated; ValueError naming the field when it is not one."""
        data = checked_row(data)
        meta = {k: v for k, v in data.items() if k not in ROW_FIELDS}
        return cls(data["reviewer"], data["item"], data["variant"], data.get("defect"), list(data.get("lines") or []),
                   data.get("explanation") or "", data.get("raw") or "", data.get("error"), data.get("sample", 0),
                   meta)

    @property
    def verdict(self) -> Verdict:
        return Verdict(self.defect, list(self.lines), self.explanation, self.raw, self.error)

    def to_dict(self) -> dict:
        data = {"reviewer": self.reviewer, "item": self.item, "variant": self.variant, "defect": self.defect,
                "lines": self.lines, "explanation": self.explanation, "raw": self.raw, "error": self.error,
                "sample": self.sample}
        data.update(self.meta)
        return data

    def to_json(self) -> str:
        """One line of verdicts.jsonl."""
        return json.dumps(self.to_dict(), ensure_ascii=False)
