"""A verdict row: one reviewer's answer on one snippet (corpus/FORMAT.md, "Reviewer verdicts").

One type, `VerdictRow` (a frozen msgspec Struct), on both paths: the runner, the baselines, tuning and the imports
write it, and reading a run folder, a replay file or an Inspect log gives it back, validated by the same Struct
(strict: a field of the wrong type, known or extra, is an error naming the field, never coerced: `"defect": 1` is
not yes). Its fields are declared once, here; keys it does not know (a harness's own bookkeeping) are kept in
`extras` and written back, so nothing a row carried is lost. msgspec, not pydantic: benchmarks/README.md
("typed_rows.py") has the measurement.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Callable, Hashable, Iterable
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import SCORED_VARIANTS, Variant
from redpen_bench.model.findings import StoredFinding
from redpen_bench.model.typed import error_place
from redpen_bench.model.verdict import Verdict

SNIPPET_HASH_CHARS = 16
USAGE_FIELDS = ("input_tokens", "output_tokens")
# the field holding the keys a row has beyond its fields; a stored key "extras" is one of them (from_dict puts
# every key it does not know there, that one included)
_EXTRAS_KEY = "extras"

T = TypeVar("T")
_Name = Annotated[str, msgspec.Meta(min_length=1)]
_Count = Annotated[int, msgspec.Meta(ge=0)]


class VerdictRow(msgspec.Struct, frozen=True, kw_only=True):
    """A verdict row's fields and their types. The four that say what was answered are required, every other
    field may be null; the optional ones a row does not carry are UNSET (not written, not a column of the
    scorer's table), so a row read and written again is the row it was."""

    reviewer: _Name
    item: _Name
    variant: Literal[SCORED_VARIANTS]  # type: ignore[valid-type]
    defect: bool | None = None
    lines: list[Annotated[int, msgspec.Meta(ge=1)]] = []
    explanation: str | None = None
    raw: str | None = None
    error: str | None = None
    sample: _Count = 0
    # what a reviewer, a harness or a replay file may add
    findings: list[StoredFinding] | UnsetType | None = UNSET
    latency_s: float | UnsetType | None = UNSET
    input_tokens: int | UnsetType | None = UNSET  # read through token_count: an odd count is unknown, never a bad row
    output_tokens: int | UnsetType | None = UNSET
    cost_usd: float | UnsetType | None = UNSET
    attempts: _Count | UnsetType | None = UNSET
    cached: bool | UnsetType | None = UNSET
    truncated: bool | UnsetType | None = UNSET
    lenient: bool | UnsetType | None = UNSET
    fingerprint: str | UnsetType | None = UNSET
    snippet: str | UnsetType | None = UNSET
    components: dict | UnsetType | None = UNSET
    extras: dict[str, Any] = {}

    @classmethod
    def of(cls, reviewer: str, item: str, variant: str, verdict: Verdict, sample: int = 0, **meta) -> VerdictRow:
        """The row of `verdict`; `meta` the optional fields (findings as finding objects) and any others."""
        if verdict.lenient:
            meta.setdefault("lenient", True)
        for key in USAGE_FIELDS & meta.keys():
            meta[key] = token_count(meta[key])
        if meta.get("findings"):
            meta["findings"] = msgspec.convert(meta["findings"], list[StoredFinding])
        extras = {key: meta.pop(key) for key in meta.keys() - FIELDS}
        return cls(reviewer=reviewer, item=item, variant=variant, defect=verdict.defect, lines=list(verdict.lines),
                   explanation=verdict.explanation, raw=verdict.raw, error=verdict.error, sample=sample,
                   **meta, extras=extras)

    @classmethod
    def answering(cls, reviewer: str, file: Variant, verdict: Verdict, sample: int = 0, **meta) -> VerdictRow:
        """The row of an answer on the scored `file`, naming its content by hash: a row is only ever scored
        against the file it answered."""
        return cls.of(reviewer, file.item_id, file.name, verdict, sample,
                      **(meta | {"snippet": file.sha256[:SNIPPET_HASH_CHARS]}))

    @classmethod
    def from_dict(cls, data: object) -> VerdictRow:
        """A stored row (a parsed JSON value), validated, usage counts read as `token_count` reads them;
        ValueError naming the field when it is not a row. `data` (a dict) may be changed."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        for key in USAGE_FIELDS:
            if key in data:
                data[key] = token_count(data[key])
        if not FIELDS.issuperset(data):  # keys it does not know: kept in their order, as the row gave them
            data[_EXTRAS_KEY] = {key: value for key, value in data.items() if key not in FIELDS}
        try:
            return _convert(data, cls)
        except msgspec.ValidationError as exc:
            raise ValueError(_problem(exc)) from None

    @property
    def key(self) -> tuple[str, str, str, int]:
        """What the row answers: (reviewer, item, variant, sample). A later row with the same key replaces it."""
        return self.reviewer, self.item, self.variant, self.sample

    @property
    def snippet_key(self) -> tuple[str, str]:
        return self.item, self.variant

    @property
    def verdict(self) -> Verdict:
        return Verdict(self.defect, list(self.lines), self.explanation or "", self.raw or "", self.error)

    def replace(self, **changes: Any) -> VerdictRow:
        return msgspec.structs.replace(self, **changes)

    def to_dict(self) -> dict:
        """The row as stored: its fields (the optional ones it carries), then its extras."""
        data = msgspec.to_builtins(self)
        data.update(data.pop(_EXTRAS_KEY, {}))
        return data

    def to_json(self) -> str:
        """One line of verdicts.jsonl."""
        return json.dumps(self.to_dict(), ensure_ascii=False)


FIELDS = frozenset(VerdictRow.__struct_fields__) - {"extras"}  # the keys a stored row spells as fields
# the fields every row has (written always), and those a row carries or not (UNSET), in the Struct's order
CORE_FIELDS = VerdictRow.__struct_fields__[:VerdictRow.__struct_fields__.index("findings")]
OPTIONAL_FIELDS = VerdictRow.__struct_fields__[len(CORE_FIELDS):-1]
_convert = msgspec.convert

# what a field must be, in words: the message of a row that has it wrong
EXPECTED = {
    "reviewer": "a non-empty string", "item": "a non-empty string", "variant": f"one of {list(SCORED_VARIANTS)}",
    "sample": "a whole number >= 0", "defect": "true, false or null", "lines": "a list of line numbers",
    **dict.fromkeys(("explanation", "error", "raw"), "a string or null"),
    "findings": "a list of finding objects", "latency_s": "a number", "cost_usd": "a number",
    "attempts": "a whole number >= 0", "cached": "true or false", "truncated": "true or false",
    "lenient": "true or false", "fingerprint": "a string", "snippet": "a string", "components": "an object",
}


def given(value: T | UnsetType, default: Any = None) -> T | Any:
    """An optional field's value, or `default` when the row does not carry it."""
    return default if value is UNSET else value


def token_count(value: object) -> int | None:
    """A usage count as a server reported it, or None (unknown): servers send -1, floats, strings or nothing for
    "not counted", and that is never a reason to lose the answer it came with. The writer and the reader of a row
    both read usage through this, so a row the tool writes is a row it reads."""
    return value if type(value) is int and value >= 0 else None


def _problem(exc: msgspec.ValidationError) -> str:
    where, message = error_place(exc)
    field = re.match(r"[^.\[]*", where).group()
    if where == field or field != "findings":  # a field of the row: its own words
        return f"field '{field}': expected {EXPECTED.get(field, message)}"
    return f"field '{where}': {message}"  # inside a finding: which one, and which of its fields


def row_problem(row: object) -> str | None:
    """Why `row` (a parsed JSON value) is not a valid verdict row, or None."""
    try:
        VerdictRow.from_dict(dict(row) if isinstance(row, dict) else row)
    except ValueError as exc:
        return str(exc)
    return None


class RowError(InputError, ValueError):
    """A JSON object given as a verdict row that is not one."""


def as_rows(rows: Iterable[VerdictRow | dict]) -> list[VerdictRow]:
    """Rows given as rows or as their JSON objects (a caller of the API, a test), as rows; RowError naming the
    row and the field of one that is not a row."""
    return [row if type(row) is VerdictRow else _as_row(row) for row in rows]


def _as_row(data: object) -> VerdictRow:
    try:
        return VerdictRow.from_dict(dict(data) if isinstance(data, dict) else data)
    except ValueError as exc:
        names = (data.get(key) for key in ("reviewer", "item", "variant")) if isinstance(data, dict) else ()
        raise RowError(f"verdict row ({', '.join(map(str, names))}): {exc}") from None


# What a row answers: (reviewer, item, variant, sample). A later row with the same key replaces it. (attrgetter:
# one C call a row, where reading a run folder at 50x calls it for every row, three times.)
row_key: Callable[[VerdictRow], tuple] = operator.attrgetter("reviewer", "item", "variant", "sample")


def latest_rows(rows: Iterable[T], key: Callable[[T], Hashable] = row_key) -> list[T]:
    """The last row per key, in the order the keys first came: the one rule for rows given twice (a resumed or
    retried answer replaces the one before), for run folders, replay files, the scorer and the rule table."""
    latest: dict[Hashable, T] = {}
    for row in rows:
        latest[key(row)] = row
    return list(latest.values())


def row_columns(rows: Iterable[VerdictRow]) -> dict[str, list]:
    """The rows as columns (a table's): every required field, the optional ones some row carries (None where
    another does not) and the extras' keys some row has."""
    rows = list(rows)
    columns = {name: [getattr(row, name) for row in rows] for name in CORE_FIELDS}
    for name in OPTIONAL_FIELDS:
        values = [getattr(row, name) for row in rows]
        if any(value is not UNSET for value in values):
            columns[name] = [None if value is UNSET else value for value in values]
    extra_keys = dict.fromkeys(key for row in rows if row.extras for key in row.extras)
    for key in extra_keys:
        columns.setdefault(key, [row.extras.get(key) for row in rows])
    return columns
