"""A reviewable excerpt of a mutant: the whole file when short, else the mutated top-level definition with
the imports and module-level definitions it uses, numbered from 1 with the ground truth on its lines."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from redpen_bench.generate.operators import Mutant

MAX_DEPTH = 3   # how far the module-level names a definition uses are followed


@dataclass(frozen=True)
class Excerpt:
    fixed: str
    defective: str
    lines: tuple[int, ...]
    sites: dict[int, tuple[int, ...]]
    first_line: int


def _span(node: ast.stmt) -> tuple[int, int]:
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
    return first, node.end_lineno or node.lineno


def _bound(node: ast.stmt) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    names = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            names.add(sub.id)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(sub.name)
    return names


def _used(node: ast.stmt) -> set[str]:
    return {sub.id for sub in ast.walk(node) if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)}


def _target(tree: ast.Module, mutant: Mutant) -> int:
    """Index of the top-level statement the mutant lies in."""
    for i, node in enumerate(tree.body):
        if mutant.scope and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                and node.name == mutant.scope:
            return i
    line = min(mutant.source_lines or mutant.lines)
    for i, node in enumerate(tree.body):
        first, last = _span(node)
        if first <= line <= last:
            return i
    raise ValueError(f"no top-level statement holds line {line}")


def excerpt(source: str, mutant: Mutant, whole_file_limit: int = 150) -> Excerpt:
    """The whole file when it has at most `whole_file_limit` lines. Otherwise the top-level function or class
    holding the mutant (the top-level statement, for a module-level mutant), after the module's docstring,
    its imports and the module-level definitions the excerpt uses (followed by name, MAX_DEPTH deep), each
    in module order and separated by a blank line. Fixed and defective excerpts share their spans, so they
    differ only at the mutation."""
    source_lines = source.splitlines(keepends=True)
    if len(source_lines) <= whole_file_limit:
        return Excerpt(source, mutant.source, mutant.lines, dict(mutant.sites), 1)
    tree = ast.parse(source)
    target = _target(tree, mutant)
    chosen = {target}
    for i, node in enumerate(tree.body):
        if isinstance(node, (ast.Import, ast.ImportFrom)) or (
                i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            chosen.add(i)
    definers: dict[str, list[int]] = {}
    for i, node in enumerate(tree.body):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            for name in _bound(node):
                definers.setdefault(name, []).append(i)
    frontier = {target}
    for _ in range(MAX_DEPTH):
        needed = {i for j in frontier for name in _used(tree.body[j]) for i in definers.get(name, ())}
        frontier = needed - chosen
        chosen |= frontier
        if not frontier:
            break
    delta = len(mutant.source.splitlines()) - len(source_lines)
    mutated_lines = mutant.source.splitlines(keepends=True)
    fixed_parts, defective_parts = [], []
    offset = 0          # lines of the excerpt before the target
    target_first = 0
    for i in sorted(chosen):
        first, last = _span(tree.body[i])
        fixed = "".join(source_lines[first - 1: last])
        defective = "".join(mutated_lines[first - 1: last + delta]) if i == target else fixed
        if i == target:
            offset, target_first = sum(p.count("\n") + 2 for p in fixed_parts), first
        fixed_parts.append(fixed.rstrip("\n"))
        defective_parts.append(defective.rstrip("\n"))

    def renumber(line: int) -> int:
        return line - target_first + 1 + offset

    return Excerpt("\n\n".join(fixed_parts) + "\n", "\n\n".join(defective_parts) + "\n",
                   tuple(renumber(n) for n in mutant.lines),
                   {renumber(k): tuple(renumber(n) for n in v) for k, v in mutant.sites.items()}, target_first)
