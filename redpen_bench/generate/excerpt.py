"""A reviewable excerpt of a mutant: the whole file when short, else the mutated top-level definition with
the module-level statements it needs, numbered from 1 with the ground truth on its lines.

An excerpt must read to a linter as cleanly as the file it came from: every module-level name the kept code
uses is defined in it (followed to the end, whatever statement defines it: an import, a `try:`/`except
ImportError:` import, an `if TYPE_CHECKING:` block, a constant, a function), and no import it keeps is unused
(an import statement keeps only the names the excerpt uses)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache

from redpen_bench.generate.operators import Mutant
from redpen_bench.model.lines import count_lines, split_lines

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_IMPORTS = (ast.Import, ast.ImportFrom)
_SAID_LINE = re.compile(r"(?:^|(?<=\. ))Line (\d+): ")  # operators._describe's "Line N: ", once per fault


@dataclass(frozen=True)
class Excerpt:
    fixed: str
    defective: str
    lines: tuple[int, ...]
    sites: dict[int, tuple[int, ...]]
    first_line: int
    description: str = ""  # the mutant's description, its line numbers the excerpt's


def _span(node: ast.stmt) -> tuple[int, int]:
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
    return first, node.end_lineno or node.lineno


def _alias_name(alias: ast.alias) -> str:
    return alias.asname or alias.name.split(".")[0]


def _module_scope(node: ast.AST):
    """The nodes of `node` that run at module level: not inside a function, class, lambda or comprehension
    (their names are local), though the definitions themselves are yielded."""
    yield node
    if isinstance(node, (*_DEFINITIONS, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        return
    for child in ast.iter_child_nodes(node):
        yield from _module_scope(child)


def _bound(node: ast.stmt) -> set[str]:
    """The module-level names a top-level statement binds."""
    names = set()
    for sub in _module_scope(node):
        if isinstance(sub, _DEFINITIONS):
            names.add(sub.name)
        elif isinstance(sub, _IMPORTS):
            names.update(_alias_name(a) for a in sub.names if a.name != "*")
        elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            names.add(sub.id)
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            names.add(sub.name)
    return names


def _string_annotation_names(annotation: ast.expr | None) -> set[str]:
    """Names in a quoted annotation ("Iterable[str]"): linters count them as uses."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            return {n.id for n in ast.walk(ast.parse(annotation.value, mode="eval")) if isinstance(n, ast.Name)}
        except SyntaxError:
            return set()
    return set()


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _locals(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    """The names local to a function: its parameters and what its own body binds, less `global` names."""
    args = function.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}
    body = [function.body] if isinstance(function, ast.Lambda) else function.body
    declared = {n for stmt in body for sub in _module_scope(stmt) if isinstance(sub, ast.Global) for n in sub.names}
    return (names | {n for stmt in body if not isinstance(stmt, ast.expr) for n in _bound(stmt)}) - declared


def _collect_used(node: ast.AST, local: frozenset[str], names: set[str]) -> None:
    """The module-level names `node` reads, given the names local where it stands: a parameter or a local
    variable that shadows an import is not a use of it."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        _collect_function_used(node, local, names)
    elif isinstance(node, _COMPREHENSIONS):
        _collect_comprehension_used(node, local, names)
    else:
        names |= _read_by(node, local)
        for sub in ast.iter_child_nodes(node):
            _collect_used(sub, local, names)


def _collect_function_used(
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, local: frozenset[str], names: set[str]
) -> None:
    """What a function reads where it is defined (its signature, in the enclosing scope) and what its body
    reads past its own locals."""
    for sub in _evaluated_at_definition(function):
        _collect_used(sub, local, names)
    if not isinstance(function, ast.Lambda):
        names |= _quoted_signature_names(function)
    inner = local | _locals(function)
    for sub in [function.body] if isinstance(function, ast.Lambda) else function.body:
        _collect_used(sub, inner, names)


def _evaluated_at_definition(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> list[ast.expr]:
    """The parts of a function that run when it is defined, not called: defaults, and for a `def` its
    decorators and annotations."""
    parts = [*function.args.defaults, *(d for d in function.args.kw_defaults if d)]
    if not isinstance(function, ast.Lambda):
        parts += [*function.decorator_list, *(a.annotation for a in _arguments(function) if a.annotation)]
        parts += [function.returns] if function.returns else []
    return parts


def _quoted_signature_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names in a `def`'s quoted annotations, its return's and its parameters'."""
    names = _string_annotation_names(function.returns)
    return names.union(*(_string_annotation_names(a.annotation) for a in _arguments(function)))


def _collect_comprehension_used(
    node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp, local: frozenset[str], names: set[str]
) -> None:
    """A comprehension's reads, its loop variables local throughout it."""
    bound = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
    for sub in ast.iter_child_nodes(node):
        _collect_used(sub, local | bound, names)


def _read_by(node: ast.AST, local: frozenset[str]) -> set[str]:
    """The module-level names this node itself reads, apart from its children: a name loaded, the target of
    an augmented assignment, a `global` declaration, the names in a quoted variable annotation."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local:
        return {node.id}
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id not in local:
        return {node.target.id}  # `total += 1` reads total
    if isinstance(node, ast.Global):
        return set(node.names)
    if isinstance(node, ast.AnnAssign):
        return _string_annotation_names(node.annotation)
    return set()


def _arguments(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    args = function.args
    return [a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a]


def _used(node: ast.stmt) -> set[str]:
    """Every module-level name the statement reads, in any scope (a function reads them from its body)."""
    names: set[str] = set()
    _collect_used(node, frozenset(), names)
    return names


def _target(tree: ast.Module, mutant: Mutant) -> int:
    """Index of the top-level statement the mutant lies in: the one whose lines hold it, not the first of the
    scope's name (a module may define a name twice, the second time under `if PYPY:`)."""
    line = min(mutant.source_lines or mutant.lines)
    for i, node in enumerate(tree.body):
        first, last = _span(node)
        if first <= line <= last:
            return i
    raise ValueError(f"no top-level statement holds line {line}")


def _always_kept(i: int, node: ast.stmt) -> bool:
    """The module's docstring and its `from __future__` imports, which change how the rest is read."""
    docstring = i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
        and isinstance(node.value.value, str)
    return docstring or (isinstance(node, ast.ImportFrom) and node.module == "__future__")


def _imported(node: ast.stmt) -> set[str]:
    return {_alias_name(a) for sub in _module_scope(node) if isinstance(sub, _IMPORTS) for a in sub.names
            if a.name != "*"}


@dataclass(frozen=True)
class _Module:
    """What the excerpts of one module all ask: its statements, the names each reads, the statements binding each
    name. The same for every mutant of the file: worked out once."""

    tree: ast.Module
    used: tuple[frozenset[str], ...]  # per top-level statement
    definers: dict[str, list[int]]


@lru_cache(maxsize=8)
def _module(source: str) -> _Module:
    tree = ast.parse(source)
    definers: dict[str, list[int]] = {}
    for i, node in enumerate(tree.body):
        for name in _bound(node):
            definers.setdefault(name, []).append(i)
    return _Module(tree, tuple(frozenset(_used(node)) for node in tree.body), definers)


def _chosen(module: _Module, target: int) -> set[int]:
    """The target, and every top-level statement defining a name the chosen statements use, to the end. A
    target that imports (a `try:` import block) brings the first statement using each name it imports, or the
    excerpt would hold an import nothing uses."""
    body = module.tree.body
    users = {next((i for i in range(len(body)) if i != target and name in module.used[i]), target)
             for name in _imported(body[target])}
    chosen = {target} | users | {i for i, node in enumerate(body) if _always_kept(i, node)}
    frontier = set(chosen)
    while frontier:
        needed = {i for j in frontier for name in module.used[j] for i in module.definers.get(name, ())}
        frontier = needed - chosen
        chosen |= frontier
    return chosen


def _pruned_import(node: ast.Import | ast.ImportFrom, text: str, used: set[str]) -> str | None:
    """The import statement with only the names the excerpt uses: its own text when it keeps them all, None
    when it keeps none."""
    kept = [a for a in node.names if a.name == "*" or _alias_name(a) in used]
    if len(kept) == len(node.names):
        return text
    if not kept:
        return None
    names = [f"{a.name} as {a.asname}" if a.asname else a.name for a in kept]
    if isinstance(node, ast.Import):
        return f"import {', '.join(names)}"
    head = f"from {'.' * node.level}{node.module or ''} import "
    if "\n" in text.strip():  # it was wrapped: stays wrapped, one name a line
        return head + "(\n" + "".join(f"    {n},\n" for n in names) + ")"
    return head + ", ".join(names)


def _blank_lines_between(source_lines: list[str], after: int, before: int) -> int:
    """The longest run of blank lines between two lines of the module: what separated the kept statements
    there (two before a definition, none inside an import block)."""
    longest = run = 0
    for line in source_lines[after: before - 1]:
        run = run + 1 if not line.strip() else 0
        longest = max(longest, run)
    return longest


def excerpt(source: str, mutant: Mutant, whole_file_limit: int = 150) -> Excerpt:
    """The whole file when it has at most `whole_file_limit` lines. Otherwise the top-level function or class
    holding the mutant (the top-level statement, for a module-level mutant), with the module's docstring, its
    `from __future__` imports and every top-level statement that defines a name the excerpt uses, in module
    order, each preceded by as many blank lines as in the module; imports keep only the names used. Fixed and
    defective excerpts share their spans, so they differ only at the mutation."""
    source_lines = split_lines(source, keepends=True)  # numbered as ast numbers them
    if len(source_lines) <= whole_file_limit:
        return Excerpt(source, mutant.source, mutant.lines, dict(mutant.sites), 1, mutant.description)
    module = _module(source)
    tree = module.tree
    target = _target(tree, mutant)
    chosen = _chosen(module, target)
    used = {name for i in chosen if not isinstance(tree.body[i], _IMPORTS) for name in module.used[i]}
    delta = len(split_lines(mutant.source)) - len(source_lines)
    mutated_lines = split_lines(mutant.source, keepends=True)
    fixed_text = defective_text = ""
    target_first = excerpt_first = last_kept = 0
    for i in sorted(chosen):
        node = tree.body[i]
        first, last = _span(node)
        fixed = "".join(source_lines[first - 1: last]).rstrip("\n")
        defective = "".join(mutated_lines[first - 1: last + delta]).rstrip("\n") if i == target else fixed
        if isinstance(node, _IMPORTS) and i != target and not _always_kept(i, node):
            fixed = defective = _pruned_import(node, fixed, used)
            if fixed is None:
                continue
        gap = "\n" * (_blank_lines_between(source_lines, last_kept, first) + 1) if fixed_text else ""
        last_kept = last
        if i == target:
            target_first, excerpt_first = first, count_lines(fixed_text + gap) + 1
        fixed_text += gap + fixed
        defective_text += gap + defective

    def renumber(line: int) -> int:
        return line - target_first + excerpt_first

    said = _SAID_LINE.sub(lambda m: f"Line {renumber(int(m.group(1)))}: " if int(m.group(1)) in mutant.lines
                          else m.group(0), mutant.description)
    return Excerpt(fixed_text + "\n", defective_text + "\n", tuple(renumber(n) for n in mutant.lines),
                   {renumber(k): tuple(renumber(n) for n in v) for k, v in mutant.sites.items()}, target_first, said)
