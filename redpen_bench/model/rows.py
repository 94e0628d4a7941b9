"""A verdict row: one reviewer's answer on one snippet (corpus/FORMAT.md, "Reviewer verdicts").

One schema with one validator for every place a row comes from: a run folder's verdicts.jsonl, a replay file,
tuning. A row is scored only as FORMAT.md defines it: a field of the wrong type, known or extra, is an error
naming the field, never coerced (`"defect": 1` is not yes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from redpen_bench.model.corpus import SCORED_VARIANTS, Variant
from redpen_bench.model.verdict import Verdict

SNIPPET_HASH_CHARS = 16
TEXT_FIELDS = ("explanation", "error", "raw")
ROW_FIELDS = ("reviewer", "item", "variant", "sample", "defect", "lines", *TEXT_FIELDS)


def _number(value: object) -> bool:
    return type(value) in (int, float)


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def token_count(value: object) -> int | None:
    """A usage count as a server reported it, or None (unknown): servers send -1, floats, strings or nothing for
    "not counted", and that is never a reason to lose the answer it came with. The writer and the reader of a row
    both read usage through this, so a row the tool writes is a row it reads."""
    return value if type(value) is int and value >= 0 else None


USAGE_FIELDS = ("input_tokens", "output_tokens")


def _findings(value: object) -> bool:
    return type(value) is list and set(map(type, value)) <= {dict}


# extra fields a reviewer or a replay file may carry, and what each must be (None is always allowed)
EXTRA_FIELDS: dict[str, tuple[str, Any]] = {
    "findings": ("a list of finding objects", _findings),
    "latency_s": ("a number", _number),
    "cost_usd": ("a number", _number),
    "attempts": ("a whole number >= 0", _count),
    "cached": ("true or false", lambda v: type(v) is bool),
    "truncated": ("true or false", lambda v: type(v) is bool),
    "lenient": ("true or false", lambda v: type(v) is bool),
    "fingerprint": ("a string", lambda v: isinstance(v, str)),
    "snippet": ("a string", lambda v: isinstance(v, str)),
    "components": ("an object", lambda v: isinstance(v, dict)),
}


def row_problem(row: object) -> str | None:
    """Why `row` (a parsed JSON value) is not a valid verdict row, or None. Fields this schema does not know
    pass through unchecked (a harness's own bookkeeping); the known ones must have their type."""
    if not isinstance(row, dict):
        return "not a JSON object"
    for key in ("reviewer", "item"):
        if not isinstance(row.get(key), str) or not row[key]:
            return f"field '{key}': expected a non-empty string"
    if row.get("variant") not in SCORED_VARIANTS:
        return f"field 'variant': expected one of {list(SCORED_VARIANTS)}"
    sample = row.get("sample", 0)
    if type(sample) is not int or sample < 0:
        return "field 'sample': expected a whole number >= 0"
    if type(row.get("defect")) not in (bool, type(None)):
        return "field 'defect': expected true, false or null"
    lines = row.get("lines", [])
    if not isinstance(lines, list) or (lines and not all(type(n) is int and n >= 1 for n in lines)):
        return "field 'lines': expected a list of line numbers"
    for key in TEXT_FIELDS:
        value = row.get(key)
        if value is not None and not isinstance(value, str):
            return f"field '{key}': expected a string or null"
    for key in EXTRA_FIELDS.keys() & row.keys():
        expected, valid = EXTRA_FIELDS[key]
        value = row[key]
        if value is not None and not valid(value):
            return f"field '{key}': expected {expected}"
    return None


def checked_row(data: object) -> dict:
    """A stored row (a parsed JSON value) as the scorer reads it: validated, usage counts read as `token_count`
    reads them; ValueError naming the field when it is not a row."""
    problem = row_problem(data)
    if problem:
        raise ValueError(problem)
    assert isinstance(data, dict)
    for key in USAGE_FIELDS & data.keys():
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
