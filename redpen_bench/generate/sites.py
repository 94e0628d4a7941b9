"""Mutation sites of a module: one libcst pass finds every place an operator applies, as a text edit.

A site is a replacement of one span of the source by new text; the text of a replaced expression is
libcst's own code for the changed node, so only that node's text changes and formatting elsewhere
survives byte for byte. Statement deletions and handler bodies are edited by whole lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst
from libcst.metadata import (
    MetadataWrapper,
    PositionProvider,
    WhitespaceInclusivePositionProvider,
)

from redpen_bench.generate import mutation_operators
from redpen_bench.generate.syntax import (
    _AUG,
    _AUG_R,
    _BIN,
    _BIN_R,
    _CMP,
    _CMP_R,
    _NEWLINE,
    _STRINGS,
    AOR_MAP,
    OSW_OPS,
    ROR_MAP,
    _bool_valued,
    _code,
    _int_text,
    _is_all_assign,
    _is_log_call,
    _is_main_guard,
    _num_valued,
    _paren,
)


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
    METADATA_DEPENDENCIES = (PositionProvider, WhitespaceInclusivePositionProvider)

    def __init__(self, source: str, line_starts: list[int]):
        super().__init__()
        self.source = source
        self.line_starts = line_starts
        self.sites: list[Site] = []
        self._stack: list[tuple[str, str, int]] = []   # (kind, name, last line)
        self._arid: list[cst.CSTNode] = []
        self._arid_extra: set[int] = set()
        self._fstring = 0
        self._handlers = 0
        self._path: list[cst.CSTNode] = []

    # -- context -----------------------------------------------------------------------------
    def on_visit(self, node: cst.CSTNode) -> bool:
        self._path.append(node)
        if (isinstance(node, (cst.Decorator, cst.Annotation)) or id(node) in self._arid_extra
                or _is_log_call(node) or _is_main_guard(node) or _is_all_assign(node)):
            self._arid.append(node)
        if isinstance(node, cst.FormattedString):
            self._fstring += 1
        if isinstance(node, cst.ExceptHandler):
            self._handlers += 1
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            kind = "def" if isinstance(node, cst.FunctionDef) else "class"
            self._stack.append((kind, node.name.value, self._pos(node).end.line))
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        super().on_leave(original_node)
        self._path.pop()
        if self._arid and self._arid[-1] is original_node:
            self._arid.pop()
        if isinstance(original_node, cst.FormattedString):
            self._fstring -= 1
        if isinstance(original_node, cst.ExceptHandler):
            self._handlers -= 1
        if isinstance(original_node, (cst.FunctionDef, cst.ClassDef)):
            self._stack.pop()

    def _pos(self, node: cst.CSTNode):
        return self.get_metadata(PositionProvider, node)

    def _offset(self, line: int, column: int) -> int:
        return self.line_starts[line - 1] + column

    def _where(self) -> tuple[str, str, int]:
        scope = self._stack[0][1] if self._stack else ""
        defs = [i for i, entry in enumerate(self._stack) if entry[0] == "def"]
        if not defs:
            return scope, "", 0
        return scope, ".".join(e[1] for e in self._stack[: defs[-1] + 1]), self._stack[defs[-1]][2]

    def _add(self, operator: str, mechanism: str, start: int, end: int, text: str, original: str,
             mutated: str, **extra) -> None:
        if self._fstring:
            return
        scope, function, function_end = self._where()
        extra.setdefault("arid", bool(self._arid))
        original, mutated = original.strip(), mutated.strip()
        site = Site(operator, mechanism, start, end, text, original, mutated, scope, function,
                    function_end=function_end, **extra)
        site.obvious = mutation_operators.obvious(site)
        self.sites.append(site)

    def _context(self, node: cst.CSTNode | None) -> tuple[str, ...]:
        path = self._path[:-1] if node is not None and self._path and self._path[-1] is node else self._path
        return tuple(_node_kind(n) for n in path)

    def _replace(self, operator: str, mechanism: str, node: cst.CSTNode, new: cst.CSTNode, **extra) -> None:
        pos = self.get_metadata(WhitespaceInclusivePositionProvider, node)
        start, end = self._offset(pos.start.line, pos.start.column), self._offset(pos.end.line, pos.end.column)
        original, text = _code(node), _code(new)
        if self.source[start:end] != original:      # a node libcst prints differently: leave it alone
            return
        if text[:1].isidentifier() and start and (self.source[start - 1].isalnum() or self.source[start - 1] == "_"):
            text = " " + text
        if text[-1:].isalnum() and end < len(self.source) and (self.source[end].isalnum() or self.source[end] == "_"):
            text += " "
        self._add(operator, mechanism, start, end, text, original, _code(new), context=self._context(node), **extra)

    def _lines(self, operator: str, mechanism: str, first: int, last: int, replacement: str, **extra) -> None:
        start = self.line_starts[first - 1]
        end = self.line_starts[last] if last < len(self.line_starts) else len(self.source)
        original = "\n".join(line.strip() for line in self.source[start:end].splitlines())
        self._add(operator, mechanism, start, end, replacement, original, replacement.strip(),
                  context=self._context(None), **extra)

    # -- operators ---------------------------------------------------------------------------
    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        op = _BIN.get(type(node.operator))
        if op is None or isinstance(node.left, _STRINGS) or isinstance(node.right, _STRINGS):
            return
        ws = {"whitespace_before": node.operator.whitespace_before,
              "whitespace_after": node.operator.whitespace_after}
        right = node.right.value if isinstance(node.right, cst.Integer) else None
        for new in AOR_MAP.get(op, ()):
            same = (right == "1" and {op, new} == {"*", "**"}) or (right == "0" and {op, new} == {"+", "-"})
            self._replace("AOR", f"{op}->{new}", node, node.with_changes(operator=_BIN_R[new](**ws)),
                          equivalent=same)
        if op in ("+", "*", "/") and isinstance(node.right, (cst.Name, cst.Attribute)) and not node.right.lpar:
            minus = cst.UnaryOperation(operator=cst.Minus(), expression=node.right)
            self._replace("UOI", "insert minus", node, node.with_changes(right=minus))
        if op in OSW_OPS and not isinstance(node.left, _STRINGS):
            swapped = node.with_changes(left=_paren(node.right), right=_paren(node.left))
            self._replace("OSW", "swap", node, swapped, equivalent=_code(node.left) == _code(node.right))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        op = _AUG.get(type(node.operator))
        for new in AOR_MAP.get(op, ()):
            operator = _AUG_R[new](whitespace_before=node.operator.whitespace_before,
                                   whitespace_after=node.operator.whitespace_after)
            self._replace("AOR", f"{op}=->{new}=", node, node.with_changes(operator=operator))

    def visit_Comparison(self, node: cst.Comparison) -> None:
        for i, target in enumerate(node.comparisons):
            op = _CMP[type(target.operator)]
            old = target.operator
            for new in ROR_MAP[op]:
                ws = {"whitespace_before": old.whitespace_before, "whitespace_after": old.whitespace_after}
                targets = list(node.comparisons)
                targets[i] = target.with_changes(operator=_CMP_R[new](**ws))
                self._replace("ROR", f"{op}->{new}", node, node.with_changes(comparisons=targets))
        if len(node.comparisons) == 1 and _CMP[type(node.comparisons[0].operator)] in OSW_OPS:
            target = node.comparisons[0]
            swapped = node.with_changes(left=_paren(target.comparator),
                                        comparisons=[target.with_changes(comparator=_paren(node.left))])
            self._replace("OSW", "swap", node, swapped, equivalent=_code(node.left) == _code(target.comparator))

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        old = node.operator
        new = (cst.Or if isinstance(old, cst.And) else cst.And)(
            whitespace_before=old.whitespace_before, whitespace_after=old.whitespace_after)
        label = "and->or" if isinstance(old, cst.And) else "or->and"
        self._replace("LCR", label, node, node.with_changes(operator=new))
        for operand in (node.left, node.right):
            if isinstance(operand, cst.BooleanOperation) or (
                    isinstance(operand, cst.UnaryOperation) and isinstance(operand.operator, cst.Not)):
                continue
            self._replace("UOI", "insert not", operand, cst.UnaryOperation(operator=cst.Not(), expression=operand))

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if not isinstance(node.operator, (cst.Not, cst.Minus)):
            return
        inner = node.expression
        if node.lpar:
            inner = inner.with_changes(lpar=[*node.lpar, *inner.lpar], rpar=[*inner.rpar, *node.rpar])
        label = "drop not" if isinstance(node.operator, cst.Not) else "drop minus"
        self._replace("UOI", label, node, inner)

    def visit_If(self, node: cst.If) -> None:
        test = node.test
        if isinstance(test, cst.Name) and test.value in ("True", "False"):
            return
        for value in ("True", "False"):
            self._replace("COD", f"if {value}", test, cst.Name(value))
        self._invert(test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._invert(node.test)

    def _invert(self, test: cst.BaseExpression) -> None:
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = test.expression
            new = inner.with_changes(lpar=[*test.lpar, *inner.lpar], rpar=[*inner.rpar, *test.rpar])
        else:
            new = cst.UnaryOperation(operator=cst.Not(), expression=_paren(test))
        self._replace("COI", "invert", test, new)

    def visit_Integer(self, node: cst.Integer) -> None:
        try:
            value = int(node.value.replace("_", ""), 0)
        except ValueError:
            return
        for delta, label in ((1, "+1"), (-1, "-1")):
            new = value + delta
            literal: cst.BaseExpression = cst.Integer(_int_text(node.value, abs(new)))
            if new < 0:
                literal = cst.UnaryOperation(operator=cst.Minus(), expression=literal)
            self._replace("CRP", label, node, literal.with_changes(lpar=node.lpar, rpar=node.rpar))

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in ("True", "False"):
            new = "False" if node.value == "True" else "True"
            self._replace("CRP", f"{node.value}->{new}", node, cst.Name(new))

    def visit_Assert(self, node: cst.Assert) -> None:
        if node.msg is not None:
            self._arid_extra.add(id(node.msg))

    def visit_Slice(self, node: cst.Slice) -> None:
        for part, label in (("lower", "drop start"), ("upper", "drop stop"), ("step", "drop step")):
            if getattr(node, part) is not None:
                self._replace("SIR", label, node, node.with_changes(**{part: None}))

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        body = node.body
        if isinstance(body, cst.SimpleStatementSuite):
            if not all(isinstance(s, cst.Pass) for s in body.body):
                self._replace("EXS", "swallow", body, body.with_changes(body=[cst.Pass()]))
            return
        statements = body.body
        if len(statements) == 1 and isinstance(statements[0], cst.SimpleStatementLine) and all(
                isinstance(s, cst.Pass) or (isinstance(s, cst.Expr) and isinstance(s.value, cst.Ellipsis))
                for s in statements[0].body):
            return
        first, last = self._pos(statements[0]), self._pos(statements[-1])
        indent = self.source[self._offset(first.start.line, 0): self._offset(first.start.line, first.start.column)]
        self._lines("EXS", "swallow", first.start.line, last.end.line, indent + "pass" + self._eol(last.end.line))

    def visit_Raise(self, node: cst.Raise) -> None:
        if self._handlers:
            self._replace("EXS", "raise->pass", node, cst.Pass())

    def visit_Return(self, node: cst.Return) -> None:
        value = node.value
        if value is None or (isinstance(value, cst.Name) and value.value in ("None", "True", "False")):
            return
        if _bool_valued(value):
            inner = value if not isinstance(value, (cst.BooleanOperation, cst.IfExp, cst.Lambda)) else _paren(value)
            self._replace("RVR", "->not", value, cst.UnaryOperation(operator=cst.Not(), expression=inner))
        elif _num_valued(value):
            if not (isinstance(value, cst.Integer) and value.value == "0"):
                self._replace("RVR", "->0", value, cst.Integer("0"))
        else:
            self._replace("RVR", "->None", value, cst.Name("None"))

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        _, function, _ = self._where()
        if not function or len(node.body) != 1:
            return
        small = node.body[0]
        if isinstance(small, (cst.Pass, cst.Global, cst.Nonlocal, cst.Import, cst.ImportFrom)):
            return
        if isinstance(small, cst.AnnAssign) and small.value is None:
            return
        parent = self._path[-2]
        arid = bool(self._arid) or (isinstance(small, cst.Expr) and _is_log_call(small.value))
        if isinstance(small, cst.Expr) and isinstance(small.value, (*_STRINGS, cst.Ellipsis, cst.Integer)):
            docstring = isinstance(small.value, _STRINGS) and parent.body[0] is node
            if not docstring:
                return
            arid = True
        pos = self._pos(node)
        first, last = pos.start.line, pos.end.line
        if isinstance(parent, cst.IndentedBlock) and len(parent.body) == 1:
            indent = self.source[self._offset(first, 0): self._offset(first, pos.start.column)]
            self._lines("SDL", "delete", first, last, indent + "pass" + self._eol(last), arid=arid)
        else:
            self._lines("SDL", "delete", first, last, "", arid=arid, removed=(first, last))

    def _eol(self, line: int) -> str:
        match = _NEWLINE.search(self.source, self.line_starts[line - 1])
        return match.group() if match else ""


def _node_kind(node: cst.CSTNode) -> str:
    """A node's type name, with its operator's for the nodes an operator module's rules tell apart."""
    operator = getattr(node, "operator", None)
    if isinstance(node, (cst.BinaryOperation, cst.AugAssign, cst.UnaryOperation)) and operator is not None:
        return f"{type(node).__name__}:{type(operator).__name__}"
    return type(node).__name__


def line_starts(source: str) -> list[int]:
    return [0] + [m.end() for m in _NEWLINE.finditer(source) if m.end() < len(source)]


def collect(source: str) -> list[Site]:
    """Every site of every operator, arid ones flagged, in source order within each operator."""
    wrapper = MetadataWrapper(cst.parse_module(source), unsafe_skip_copy=True)
    collector = _Collector(source, line_starts(source))
    wrapper.visit(collector)
    return collector.sites
