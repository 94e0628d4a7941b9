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
    kept = {n: s for n, s in spans.items() if n in functions(after)}

    def holder(line: int) -> str | None:
        inside = [(s[1] - s[0], n) for n, s in kept.items() if s[0] <= line <= s[1]]
        return min(inside)[1] if inside else None  # the innermost function

    lines: set[int] = set()
    sites: dict[int, tuple[int, ...]] = {}
    touched: set[str] = set()
    inserted_only = True
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            for line in range(i1 + 1, i2 + 1):
                if _code(old[line - 1]) and (name := holder(line)):
                    lines.add(line)
                    touched.add(name)
                    inserted_only = False
        elif tag == "insert":
            body = [line for line in new[j1:j2] if _code(line)]
            if not body:
                continue
            depth = min(_indent(line) for line in body)

            def inside(line: int, depth: int = depth) -> str | None:
                # the inserted code belongs to the function's body: deeper than its `def` (new code at the same
                # depth after a function's last line is a new definition, not part of the one above)
                name = holder(line) if 1 <= line <= len(old) and _code(old[line - 1]) else None
                return name if name and depth > _indent(old[kept[name][0] - 1]) else None

            below, above = i1 + 1, i1  # P's lines around the insertion point
            line, other = (below, above) if inside(below) else (above, below)
            name = inside(line)
            if name and line not in lines:
                lines.add(line)
                touched.add(name)
                if inside(other) == name:
                    sites[line] = (other,)
    if not lines:
        return None
    order = sorted(touched, key=lambda n: kept[n])
    sites = {k: v for k, v in sites.items() if k in lines and not set(v) <= lines}
    return Planted(tuple(sorted(lines)), sites, tuple(order), inserted_only)


def diff_ranges(before: str, after: str) -> list[tuple[int, int, int, int]]:
    """The changed ranges, 1-based and inclusive on both sides ((a1, a2) empty when a2 < a1)."""
    old, new = split_lines(before), split_lines(after)
    return [(i1 + 1, i2, j1 + 1, j2)
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
            if tag != "equal"]
