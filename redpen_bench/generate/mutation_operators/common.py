"""What every operator module shares: the example record, the site fields its rules read, and phrase lists
that more than one operator's vocabulary uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Site(Protocol):
    operator: str
    mechanism: str
    original: str
    mutated: str
    context: tuple[str, ...]  # libcst node type names from the module down to the changed node's parent


@dataclass(frozen=True)
class Example:
    """A source, one mechanism the operator applies to it, and the module it makes (the test applies the site of
    that mechanism and compares); `obvious` is the reason the default corpus drops it ("" when kept)."""

    source: str
    mechanism: str
    mutated: str
    obvious: str = ""


# how reviewers say a test or result now points the other way
INVERTED = ("invert", "negat", "opposite", "revers", "flip", "backwards", "wrong way round",
            "the wrong way", "other way round", "other way around")
# how reviewers say something that should happen does not
MISSING = (
    "missing", "never", "omit", "forgot", "forget", "no longer", "removed", "deleted", "lacks", "lacking", "absent",
    "not called", "not set", "not updated", "not reset", "not assigned", "not stored", "not saved", "not recorded",
    "not added", "not appended", "not incremented", "not decremented", "not checked", "not validated", "leaves out",
    "left out", "neglect", "fails to", "failing to", "ignor", "without ever", "without record", "without updat",
    "without sav", "without stor", "without call", "without defin", "without assign", "undefined", "not defined",
    "never defined", "never assigned", "never computed", "nameerror", "unbound", "no body", "not implemented",
    "isnt implemented", "stub",
)
BOUNDARY = ("off by one", "boundary", "inclusive", "includ", "exclusive", "exclud", "strict", "equal", "exactly",
            "at the limit", "one too")
