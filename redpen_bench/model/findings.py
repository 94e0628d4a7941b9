"""A static finding (one rule firing on a span of lines), and the one reader of the findings a row stores.

Analyzers make findings; rows store them as objects (`line`, `end_line`, `rule`, `message`, `severity`); the
rule table, tuning and the tool cache read them back through `read_findings`, which checks them with the same
schema the row validator uses (model/rows.py) and names the finding and field that is wrong.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Annotated, Any

import msgspec

from redpen_bench.errors import InputError
from redpen_bench.model.typed import error_place


@dataclass(frozen=True, order=True)
class Finding:
    line: int
    end_line: int
    rule: str
    message: str
    severity: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


class StoredFinding(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A finding as a row stores it (its fields in Finding.to_dict's order: a row read and written again is the
    same line); keys it does not know are a tool's own and are not kept."""

    line: int
    end_line: int | None = None
    rule: Annotated[str, msgspec.Meta(min_length=1)]
    message: str | None = None
    severity: str | None = None

    def finding(self) -> Finding:
        return Finding(self.line, max(self.line, self.end_line or self.line), self.rule, self.message or "",
                       self.severity or "")


_STORED = list[StoredFinding]


class FindingsError(InputError):
    """Stored findings that are not a list of findings."""


def read_findings(value: Any, where: str = "") -> list[Finding]:
    """The stored `findings` of a row as Findings; FindingsError naming `where`, the finding and its field."""
    if type(value) is list and all(type(v) is StoredFinding for v in value):  # a row's, checked when it was read
        return [s.finding() for s in value]
    try:
        stored = msgspec.convert(value, _STORED)
    except msgspec.ValidationError as exc:
        place, message = error_place(exc, "findings")
        raise FindingsError(f"{where}field '{place}': {message}") from None
    return [s.finding() for s in stored]
