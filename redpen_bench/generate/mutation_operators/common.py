"""What every operator module shares: the walker it records its sites through (`Place`), the example record, the
site fields its rules read, and phrase lists that more than one operator's vocabulary uses.

An operator module declares `CODE`, `CHANGES` (what it changes, one line: the docs' table), `NODES` (the libcst
node types it mutates), `sites(node, at)` (called by generate/sites.py at each such node, in the walk's order;
it records each mutation with `at.replace` or `at.lines`), `VOCABULARY` (and optionally `LABELS`), `obvious(site)`
and `examples()`. A mechanism label is the operator's own (VOCABULARY and LABELS of every module are merged by label)
and reads `old->new` unless LABELS gives it a title (tests/unit/test_operator_modules.py holds both)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import libcst as cst
from libcst.metadata import CodeRange


class Site(Protocol):
    operator: str
    mechanism: str
    original: str
    mutated: str
    context: tuple[str, ...]  # libcst node type names from the module down to the changed node's parent


class Place(Protocol):
    """Where the walk is, and how an operator records a site there (generate/sites.py implements it)."""

    source: str

    @property
    def function(self) -> str: ...      # the dotted name of the innermost enclosing function ("" at module level)

    @property
    def parent(self) -> cst.CSTNode: ...  # the node's parent

    @property
    def owner(self) -> cst.CSTNode | None: ...  # the node whose block holds the parent (a def, a try...)

    @property
    def arid(self) -> bool: ...         # inside code not worth mutating (decorators, logging, annotations...)

    @property
    def in_handler(self) -> bool: ...   # inside an `except` clause

    def position(self, node: cst.CSTNode) -> CodeRange: ...

    def indent(self, line: int, column: int) -> str: ...  # the source from the line's start to the column

    def eol(self, line: int) -> str: ...  # the line's line break, as written

    def replace(self, mechanism: str, node: cst.CSTNode, new: cst.CSTNode, *, equivalent: bool = False) -> None:
        """A site that replaces the node's text by the new node's."""

    def lines(self, mechanism: str, first: int, last: int, replacement: str, *, arid: bool | None = None,
              removed: tuple[int, int] | None = None, obvious: str = "") -> None:
        """A site that replaces whole source lines `first`..`last` by the replacement text; `obvious`: a reason
        read from the tree around it (what the block is left holding), which the site's fields alone do not show."""


@dataclass(frozen=True)
class Example:
    """A source, one mechanism the operator applies to it, and the module it makes (the test applies the site of
    that mechanism and compares); `obvious` is the reason the default corpus drops it ("" when kept)."""

    source: str
    mechanism: str
    mutated: str
    obvious: str = ""


# how reviewers say a test or result now points the other way ("reversed" is OSW's: generic answers say it of
# anything)
# "negate", not the stem "negat": that hits "negative", which any explanation of a sign or a bound says
INVERTED = ("invert", "negate", "negating", "negation", "opposite", "flip", "backwards", "wrong way round",
            "the wrong way", "other way round", "other way around")
BOUNDARY = ("off by one", "boundary", "inclusive", "includ", "exclusive", "exclud", "strict", "equal", "exactly",
            "at the limit", "one too")
