"""Mutation sites of a module: one libcst pass asks every operator module (generate/mutation_operators/), in
MUTATION's order, for its sites at each node of the types it declares, and records them as text edits.

A site is a replacement of one span of the source by new text; the text of a replaced expression is
libcst's own code for the changed node, so only that node's text changes and formatting elsewhere
survives byte for byte. Statement deletions and handler bodies are edited by whole lines. The walk knows
what no single operator owns: the enclosing function, arid code (never worth a mutant), f-strings (left alone)
and `except` clauses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import libcst as cst
from libcst.metadata import (
    CodeRange,
    MetadataWrapper,
    PositionProvider,
    WhitespaceInclusivePositionProvider,
)

from redpen_bench.generate import mutation_operators
from redpen_bench.generate.mutation_operators.syntax import NEWLINE, code, is_all_assign, is_log_call, is_main_guard

# node type -> (operator code, its sites function), in MUTATION's order: the order of the sites at one node
_OPERATORS_AT: dict[type[cst.CSTNode], list[tuple[str, Callable]]] = {}
for _module in mutation_operators.MODULES:
    for _node_type in _module.NODES:
        _OPERATORS_AT.setdefault(_node_type, []).append((_module.CODE, _module.sites))


@dataclass
class Site:
    operator: str
    mechanism: str
    start: int                    # source offsets of the replaced span
    end: int
    text: str                     # its replacement
    original: str                 # the node as written
    mutated: str                  # the node after ("" for a deletion)
    scope: str
    function: str
    arid: bool = False
    equivalent: bool = False      # known equivalent by rule (e.g. `a * 1` -> `a ** 1`)
    removed: tuple[int, int] | None = None   # source lines (first, last) of a pure deletion
    function_end: int = 0         # last source line of the innermost enclosing function
    context: tuple[str, ...] = ()  # node types from the module down to the changed node's parent ("Type:Op")
    obvious: str = ""             # why the change shows from its planted line alone (mutation_operators)


class _Collector(cst.CSTVisitor):
    """The walk, and the `Place` (mutation_operators/common.py) through which an operator records its sites."""

    METADATA_DEPENDENCIES = (PositionProvider, WhitespaceInclusivePositionProvider)

    def __init__(self, source: str, line_starts: list[int]):
        super().__init__()
        self.source = source
        self.line_starts = line_starts
        self.sites: list[Site] = []
        self._operator = ""          # the operator whose sites are being recorded
        self._stack: list[tuple[str, str, int]] = []   # (kind, name, last line)
        self._arid: list[cst.CSTNode] = []
        self._arid_extra: set[int] = set()
        self._fstring = 0
        self._handlers = 0
        self._path: list[cst.CSTNode] = []

    # -- the walk ----------------------------------------------------------------------------
    def on_visit(self, node: cst.CSTNode) -> bool:
        self._path.append(node)
        if (isinstance(node, (cst.Decorator, cst.Annotation)) or id(node) in self._arid_extra
                or is_log_call(node) or is_main_guard(node) or is_all_assign(node)):
            self._arid.append(node)
        if isinstance(node, cst.FormattedString):
            self._fstring += 1
        if isinstance(node, cst.ExceptHandler):
            self._handlers += 1
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            kind = "def" if isinstance(node, cst.FunctionDef) else "class"
            self._stack.append((kind, node.name.value, self.position(node).end.line))
        if isinstance(node, cst.Assert) and node.msg is not None:
            self._arid_extra.add(id(node.msg))
        for operator, sites in _OPERATORS_AT.get(type(node), ()):
            self._operator = operator
            sites(node, self)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self._path.pop()
        if self._arid and self._arid[-1] is original_node:
            self._arid.pop()
        if isinstance(original_node, cst.FormattedString):
            self._fstring -= 1
        if isinstance(original_node, cst.ExceptHandler):
            self._handlers -= 1
        if isinstance(original_node, (cst.FunctionDef, cst.ClassDef)):
            self._stack.pop()

    def _where(self) -> tuple[str, str, int]:
        scope = self._stack[0][1] if self._stack else ""
        defs = [i for i, entry in enumerate(self._stack) if entry[0] == "def"]
        if not defs:
            return scope, "", 0
        return scope, ".".join(e[1] for e in self._stack[: defs[-1] + 1]), self._stack[defs[-1]][2]

    def _offset(self, line: int, column: int) -> int:
        return self.line_starts[line - 1] + column

    def _context(self, node: cst.CSTNode | None) -> tuple[str, ...]:
        path = self._path[:-1] if node is not None and self._path and self._path[-1] is node else self._path
        return tuple(_node_kind(n) for n in path)

    def _add(self, mechanism: str, start: int, end: int, text: str, original: str, mutated: str, **extra) -> None:
        if self._fstring:
            return
        scope, function, function_end = self._where()
        extra.setdefault("arid", bool(self._arid))
        original, mutated = original.strip(), mutated.strip()
        site = Site(self._operator, mechanism, start, end, text, original, mutated, scope, function,
                    function_end=function_end, **extra)
        site.obvious = site.obvious or mutation_operators.obvious(site)
        self.sites.append(site)

    # -- the Place an operator sees ----------------------------------------------------------
    @property
    def function(self) -> str:
        return self._where()[1]

    @property
    def parent(self) -> cst.CSTNode:
        return self._path[-2]

    @property
    def owner(self) -> cst.CSTNode | None:
        return self._path[-3] if len(self._path) >= 3 else None

    @property
    def arid(self) -> bool:
        return bool(self._arid)

    @property
    def in_handler(self) -> bool:
        return self._handlers > 0

    def position(self, node: cst.CSTNode) -> CodeRange:
        return self.get_metadata(PositionProvider, node)

    def indent(self, line: int, column: int) -> str:
        return self.source[self._offset(line, 0): self._offset(line, column)]

    def eol(self, line: int) -> str:
        match = NEWLINE.search(self.source, self.line_starts[line - 1])
        return match.group() if match else ""

    def replace(self, mechanism: str, node: cst.CSTNode, new: cst.CSTNode, *, equivalent: bool = False) -> None:
        pos = self.get_metadata(WhitespaceInclusivePositionProvider, node)
        start, end = self._offset(pos.start.line, pos.start.column), self._offset(pos.end.line, pos.end.column)
        original, text = code(node), code(new)
        if self.source[start:end] != original:      # a node libcst prints differently: leave it alone
            return
        if text[:1].isidentifier() and start and (self.source[start - 1].isalnum() or self.source[start - 1] == "_"):
            text = " " + text
        if text[-1:].isalnum() and end < len(self.source) and (self.source[end].isalnum() or self.source[end] == "_"):
            text += " "
        self._add(mechanism, start, end, text, original, code(new), context=self._context(node),
                  equivalent=equivalent)

    def lines(self, mechanism: str, first: int, last: int, replacement: str, *, arid: bool | None = None,
              removed: tuple[int, int] | None = None, obvious: str = "") -> None:
        start = self.line_starts[first - 1]
        end = self.line_starts[last] if last < len(self.line_starts) else len(self.source)
        original = "\n".join(line.strip() for line in self.source[start:end].splitlines())
        extra = {} if arid is None else {"arid": arid}
        self._add(mechanism, start, end, replacement, original, replacement.strip(), context=self._context(None),
                  removed=removed, obvious=obvious, **extra)


def _node_kind(node: cst.CSTNode) -> str:
    """A node's type name, with its operator's for the nodes an operator module's rules tell apart."""
    operator = getattr(node, "operator", None)
    if isinstance(node, (cst.BinaryOperation, cst.AugAssign, cst.UnaryOperation)) and operator is not None:
        return f"{type(node).__name__}:{type(operator).__name__}"
    return type(node).__name__


def line_starts(source: str) -> list[int]:
    return [0] + [m.end() for m in NEWLINE.finditer(source) if m.end() < len(source)]


def collect(source: str) -> list[Site]:
    """Every site of every operator, arid ones flagged, in source order within each operator."""
    wrapper = MetadataWrapper(cst.parse_module(source), unsafe_skip_copy=True)
    collector = _Collector(source, line_starts(source))
    wrapper.visit(collector)
    return collector.sites
