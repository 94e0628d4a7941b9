"""The fix's lines: which lines of P (the parent) F changes inside functions that exist at both, the planted
lines of the item. A changed or deleted line inside such a function is planted as it is; a pure insertion there
(a missing statement) plants the line directly below the insertion point, or above it at the function's end,
with its other neighbour as the same site (corpus/FORMAT.md's rule for a missing statement). Blank and comment
lines are never planted: a reviewer cannot be asked to find a comment. A fix that changes no existing function
(it only adds functions, or changes module-level code) is a feature, not a fix."""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass, field

from redpen_bench.model.lines import split_lines


@dataclass(frozen=True)
class Planted:
    lines: tuple[int, ...]  # 1-based lines of P
    sites: dict[int, tuple[int, ...]] = field(default_factory=dict)
    functions: tuple[str, ...] = ()  # qualified names of the changed functions, in P's order
    inserted_only: bool = False  # every planted line stands for a missing statement


def functions(text: str) -> dict[str, tuple[int, int]]:
    """Every function and method of a module: qualified name -> (first line with decorators, last line)."""
    spans: dict[str, tuple[int, int]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                    spans.setdefault(name, (first, child.end_lineno or child.lineno))
                visit(child, f"{name}.")

    visit(ast.parse(text), "")
    return spans


def _code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _indent(line: str) -> int:
    return len(line.expandtabs()) - len(line.expandtabs().lstrip())


def planted(before: str, after: str) -> Planted | None:
    """The planted lines of P (`before`) for the fix to `after`, or None when F changes no line inside a
    function that exists at both (a feature). SyntaxError when either does not parse."""
    old, new = split_lines(before), split_lines(after)
    spans = functions(before)
    at_f = functions(after) if spans else {}  # as before: F is parsed only when P has functions
    kept = _Holders({n: s for n, s in spans.items() if n in at_f}, old)
    lines: set[int] = set()
    sites: dict[int, tuple[int, ...]] = {}
    touched: set[str] = set()
    inserted_only = True
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            changed = kept.changed_code(i1 + 1, i2)
            lines.update(changed)
            touched.update(changed.values())
            inserted_only = inserted_only and not changed
        elif tag == "insert":
            site = kept.insertion_site(new[j1:j2], i1)
            if site is not None and site[0] not in lines:
                line, name, other = site
                lines.add(line)
                touched.add(name)
                if other is not None:
                    sites[line] = (other,)
    if not lines:
        return None
    order = sorted(touched, key=lambda n: kept.spans[n])
    sites = {k: v for k, v in sites.items() if k in lines and not set(v) <= lines}
    return Planted(tuple(sorted(lines)), sites, tuple(order), inserted_only)


@dataclass(frozen=True)
class _Holders:
    """The functions that exist at both P and F (qualified name -> span in P), asked which holds a line of P."""

    spans: dict[str, tuple[int, int]]
    old: list[str]  # P's lines

    def holder(self, line: int) -> str | None:
        inside = [(s[1] - s[0], n) for n, s in self.spans.items() if s[0] <= line <= s[1]]
        return min(inside)[1] if inside else None  # the innermost function

    def changed_code(self, first: int, last: int) -> dict[int, str]:
        """The code lines of P from `first` to `last` that F changes or deletes inside a function: line -> its
        function."""
        changed = {}
        for line in range(first, last + 1):
            if _code(self.old[line - 1]) and (name := self.holder(line)):
                changed[line] = name
        return changed

    def insertion_site(self, inserted: list[str], at: int) -> tuple[int, str, int | None] | None:
        """Where code F inserts after P's line `at` is planted: (the line below, or above at a function's end;
        its function; the other neighbour when it is in the same function, else None), or None when the
        insertion holds no code or is in no function's body."""
        body = [line for line in inserted if _code(line)]
        if not body:
            return None
        depth = min(_indent(line) for line in body)
        below, above = at + 1, at  # P's lines around the insertion point
        line, other = (below, above) if self._body_holder(below, depth) else (above, below)
        name = self._body_holder(line, depth)
        if not name:
            return None
        return line, name, other if self._body_holder(other, depth) == name else None

    def _body_holder(self, line: int, depth: int) -> str | None:
        # the inserted code belongs to the function's body: deeper than its `def` (new code at the same
        # depth after a function's last line is a new definition, not part of the one above)
        name = self.holder(line) if 1 <= line <= len(self.old) and _code(self.old[line - 1]) else None
        return name if name and depth > _indent(self.old[self.spans[name][0] - 1]) else None


def diff_ranges(before: str, after: str) -> list[tuple[int, int, int, int]]:
    """The changed ranges, 1-based and inclusive on both sides ((a1, a2) empty when a2 < a1)."""
    old, new = split_lines(before), split_lines(after)
    return [(i1 + 1, i2, j1 + 1, j2)
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
            if tag != "equal"]
