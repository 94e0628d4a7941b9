"""First-order mutants of a module and their higher-order pairs: pure source transformation.

`scan` finds every site (see `sites`), applies one at a time as a text edit and keeps the mutants that
compile, differ from the source and from every earlier mutant, and touch live code. Line numbers follow
corpus/FORMAT.md: the planted lines are the lines of the mutated module that the repair replaces; for a
pure deletion, the next line of code below the insertion point inside the same function (the statement
that now runs in its place, or the line after its block), with the line of code above as a second site.
When nothing of the function follows (the deleted statement ended the function, or the file), the planted
line is the line of code above and there is no second site. When blank or comment lines separate the
insertion point from the code below but the line directly above it is code, the planted line is that one
and the code below is its second site: the gate's integrity rule accepts only the lines directly around an
insertion point (a statement with blank or comment lines on both sides still plants the code below; its
item is dropped and counted as bad_lines, see mutate.finish).
"""

from __future__ import annotations

import ast
import random
import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field

from redpen_bench.generate.mutation_operators import BY_CODE, describe
from redpen_bench.generate.sites import Site, collect
from redpen_bench.model.lines import split_lines

OPERATORS: dict[str, str] = {code: describe(code) for code in BY_CODE}
COUNT_KEYS = ("generated", "uncompilable", "equivalent", "duplicate", "arid", "obvious", "kept")
_BLANK = re.compile(r"\s*(#.*)?$")


@dataclass(frozen=True)
class Mutant:
    key: str
    operator: str
    scope: str
    function: str
    lines: tuple[int, ...]
    sites: dict[int, tuple[int, ...]]
    original: str
    mutated: str
    mechanism: str
    description: str
    source: str
    parts: tuple[Mutant, ...] = ()
    edit: tuple[int, int, str] = (0, 0, "")       # source offsets replaced and the new text (first order)
    removed: tuple[int, ...] = ()                  # source lines a pure deletion removed
    source_lines: tuple[int, ...] = field(default=())  # the ground-truth lines in the SOURCE's numbering
    obvious: str = ""                              # why it shows from its planted line alone (kept on request)


@dataclass
class Scan:
    mutants: list[Mutant]
    counts: dict[str, dict[str, int]]


def _code_key(code) -> tuple:
    consts = tuple(_code_key(c) if hasattr(c, "co_code") else (type(c).__name__, repr(c)) for c in code.co_consts)
    return (code.co_code, consts, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars,
            code.co_exceptiontable, code.co_flags, code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount)


def _analyse(text: str) -> tuple | None:
    """A canonical key of a module's meaning, or None when it does not compile.

    The key is the compiled code with every position left out (bytecode, constants, names, flags, nested
    code objects alike): two modules whose ASTs are equal without attributes (`ast.dump`) always share it,
    and so do modules that differ only in ways the compiler folds away (`-0`, `pass` next to a statement, a
    bare `return` at the end). It stands for both the AST comparison and the bytecode one, at a fraction
    of ast.dump's cost."""
    try:
        return _code_key(compile(text, "<mutant>", "exec", dont_inherit=True))
    except (SyntaxError, ValueError):
        return None


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _describe(original: str, mutated: str, line: int, deletion: str = "") -> str:
    if deletion:
        return f"Line {line}: the statement `{_one_line(original)}` was deleted just {deletion} it."
    return f"Line {line}: `{_one_line(original)}` became `{_one_line(mutated)}`."


def _narrow(source: str, start: int, end: int, text: str) -> tuple[int, int, str]:
    """The same edit trimmed to the characters that change."""
    old = source[start:end]
    prefix = 0
    while prefix < min(len(old), len(text)) and old[prefix] == text[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(text)) - prefix and old[-1 - suffix] == text[-1 - suffix]:
        suffix += 1
    return start + prefix, end - suffix, text[prefix: len(text) - suffix]


def _deletion_lines(mutated: str, first: int, function_end: int) -> tuple[tuple[int, ...], dict]:
    """Planted line and site of a pure deletion whose first removed line was `first` (see module doc)."""
    lines = split_lines(mutated)
    above = next((i for i in range(first - 1, 0, -1) if not _BLANK.match(lines[i - 1])), first - 1)
    below = next((i for i in range(first, min(function_end, len(lines)) + 1) if not _BLANK.match(lines[i - 1])),
                 None)
    if below is None:
        return (above,), {}
    if below != first and above == first - 1 and above:
        return (above,), {above: (below,)}
    return (below,), {below: (above,)}


def _defined_names(statement: str) -> set[str]:
    """Names a deleted statement bound (assignment targets, loop and with targets, imports, definitions)."""
    try:
        tree = ast.parse(textwrap.dedent(statement))
    except SyntaxError:
        return set()
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def _first_use(mutated: str, names: set[str], first: int, last: int) -> int | None:
    """The first line in first..last that reads one of `names`: where a missing definition shows (the `return
    spot` below a deleted `spot = ...`), which a reviewer may name for the deleted statement."""
    if not names:
        return None
    pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, sorted(names))) + r")(?!\w)")
    lines = split_lines(mutated)
    for number in range(first, min(last, len(lines)) + 1):
        code = lines[number - 1].split("#", 1)[0]
        if pattern.search(code):
            return number
    return None


def _build(source: str, site: Site, key: str, mutated: str) -> Mutant:
    if site.removed:
        first, last = site.removed
        function_end = site.function_end - (last - first + 1)
        lines, sites = _deletion_lines(mutated, first, function_end)
        use = _first_use(mutated, _defined_names(site.original), first, function_end)
        if use is not None and use not in lines and use not in sites.get(lines[0], ()):
            sites = {lines[0]: tuple(sorted({*sites.get(lines[0], ()), use}))}
        shift = last - first + 1
        to_source = sorted({n + shift if n >= first else n for n in (*lines, *sites.get(lines[0], ()))})
        said = _describe(site.original, "", lines[0], "above" if lines[0] >= first else "below")
        return Mutant(key, site.operator, site.scope, site.function, lines, sites, site.original, "",
                      site.mechanism, said, mutated,
                      edit=(site.start, site.end, site.text), removed=tuple(range(first, last + 1)),
                      source_lines=tuple(sorted({*to_source, *range(first, last + 1)})), obvious=site.obvious)
    start, end, text = _narrow(source, site.start, site.end, site.text)
    first = _line_of(mutated, start)
    last = _line_of(mutated, start + len(text) - 1) if text else first
    lines = tuple(range(first, last + 1))
    span = tuple(range(_line_of(source, start), _line_of(source, max(start, end - 1)) + 1))
    return Mutant(key, site.operator, site.scope, site.function, lines, {}, site.original, site.mutated,
                  site.mechanism, _describe(site.original, site.mutated, first), mutated,
                  edit=(start, end, text), source_lines=span, obvious=site.obvious)


def scan(source: str, operators: Iterable[str] | None = None, max_per_function: int | None = None,
         seed: int = 0, include_obvious: bool = False, part: int = 0, parts: int = 1) -> Scan:
    """All first-order mutants of a module that compile, differ from the source (canonical AST or bytecode)
    and from every earlier mutant, and touch no arid code (docstrings, logging/print calls, annotations,
    decorators, assert messages, the `__main__` guard, `__all__`) and, unless `include_obvious`, show no change
    a reader sees from the planted line alone (mutation_operators: constant conditions, stubs, identities,
    domain constants; counted as obvious). Ordered by operator (OPERATORS order),
    then by position. counts[op]: generated = mutants built (arid sites are counted as arid and not
    built); uncompilable, equivalent and duplicate are parts of generated; kept = what was returned.
    `part` of `parts`: only the mutants, and the counts, of that share of the functions (_part_functions); the
    parts together hold exactly the whole scan's, for a mutant is compared only with mutants of its own function
    (two changes to different functions never make the same module) and sampled per function."""
    wanted = _wanted(operators)
    order = {op: i for i, op in enumerate(wanted)}
    sites = sorted((s for s in collect(source) if s.operator in order),
                   key=lambda s: (order[s.operator], s.start, s.end))
    mine = _part_functions(sites, part, parts)
    counts = {op: dict.fromkeys(COUNT_KEYS, 0) for op in wanted}
    base = _analyse(source)
    if base is None:
        raise ValueError("the source does not compile")
    seen: set[tuple] = {base}
    numbers: dict[tuple[str, str], int] = {}
    mutants: list[Mutant] = []
    for site in sites:
        tally = counts[site.operator]
        if site.arid:
            tally["arid"] += site.function in mine
            continue
        number = numbers[(site.operator, site.scope)] = numbers.get((site.operator, site.scope), 0) + 1
        key = f"{site.operator}-{site.scope or 'module'}-{number}"  # the same whether obvious ones are kept
        if site.function not in mine:  # numbered all the same: a key does not depend on the parts
            continue
        if site.obvious and not include_obvious:
            tally["obvious"] += 1
            continue
        tally["generated"] += 1
        mutated = source[: site.start] + site.text + source[site.end:]
        fate = "equivalent" if site.equivalent else _fate(_analyse(mutated), base, seen)
        if fate == "new":
            mutants.append(_build(source, site, key, mutated))
        else:
            tally[fate] += 1
    if max_per_function is not None:
        mutants = _sample(mutants, max_per_function, seed)
    for mutant in mutants:
        counts[mutant.operator]["kept"] += 1
    return Scan(mutants, counts)


def _wanted(operators: Iterable[str] | None) -> list[str]:
    """The operators asked for, in OPERATORS order (all when None); an unknown one is a ValueError."""
    wanted = list(OPERATORS) if operators is None else [op for op in OPERATORS if op in set(operators)]
    unknown = set(operators or ()) - set(OPERATORS)
    if unknown:
        raise ValueError(f"unknown operators: {sorted(unknown)}")
    return wanted


def _fate(result: tuple | None, base: tuple, seen: set[tuple]) -> str:
    """What a built mutant's analysis makes of it: "uncompilable", "equivalent" (to the source), "duplicate" (of
    an earlier mutant), or "new" (its analysis is then added to `seen`)."""
    if result is None:
        return "uncompilable"
    if result == base:
        return "equivalent"
    if result in seen:
        return "duplicate"
    seen.add(result)
    return "new"


def _part_functions(sites: list[Site], part: int, parts: int) -> set[str]:
    """The functions (qualified names; "" for module code) of part `part` of `parts`: whole functions, in the
    order the sites first name them, cut where the parts hold about as many sites that are not arid."""
    sizes: dict[str, int] = {}
    for site in sites:
        sizes[site.function] = sizes.get(site.function, 0) + (not site.arid)
    total, before, chosen = max(1, sum(sizes.values())), 0, set()
    for function, size in sizes.items():
        if min(parts - 1, before * parts // total) == part:
            chosen.add(function)
        before += size
    return chosen


def _sample(mutants: list[Mutant], limit: int, seed: int) -> list[Mutant]:
    """At most `limit` mutants per function, drawn with a seed of the function's own: which mutants of one
    function are kept does not depend on which other functions were scanned."""
    groups: dict[str, list[Mutant]] = {}
    for mutant in mutants:
        groups.setdefault(mutant.function, []).append(mutant)
    keep: set[str] = set()
    for function, group in groups.items():
        group = sorted(group, key=lambda m: m.key)
        rng = random.Random(f"{seed}\0{function}")
        keep.update(m.key for m in (group if len(group) <= limit else rng.sample(group, limit)))
    return [m for m in mutants if m.key in keep]


def _mover(part: Mutant, other: Mutant, combined: str):
    """Maps a line of `part`'s module to the module with both edits applied, through character offsets: a
    line's start moves by `other`'s change of length when it lies after `other`'s edit in the source. (Shifting
    line numbers by each edit's change of line count went wrong for the lines an edit rewrote itself, which
    exist in neither the source nor the other module.)"""
    starts = [0, *(m.end() for m in re.finditer("\n", part.source))]
    p_start, p_end, p_text = part.edit
    o_start, o_end, o_text = other.edit
    p_shift, o_shift = len(p_text) - (p_end - p_start), len(o_text) - (o_end - o_start)

    def move(line: int) -> int:
        offset = starts[line - 1]
        # where the offset lies in the source: before, inside or after part's edit (its new text is neither)
        at = offset if offset < p_start else p_end if offset < p_start + len(p_text) else offset - p_shift
        return _line_of(combined, offset + (o_shift if at >= o_end else 0))
    return move


def combine(source: str, first: Mutant, second: Mutant) -> Mutant | None:
    """Both first-order mutants applied at once (same function, no shared line), or None when they overlap,
    either is itself higher-order, or the pair is equivalent to the source or to one of its parts."""
    if first.parts or second.parts or first.function != second.function or first.key == second.key:
        return None
    if set(first.source_lines) & set(second.source_lines):
        return None
    a, b = sorted((first, second), key=lambda m: m.edit[0])
    if a.edit[1] > b.edit[0]:
        return None
    text = source[: a.edit[0]] + a.edit[2] + source[a.edit[1]: b.edit[0]] + b.edit[2] + source[b.edit[1]:]
    result = _analyse(text)
    if result is None:
        return None
    if result in {_analyse(source), _analyse(first.source), _analyse(second.source)}:
        return None
    lines: set[int] = set()
    sites: dict[int, tuple[int, ...]] = {}
    said = []
    for part, other in ((first, second), (second, first)):
        move = _mover(part, other, text)
        planted = [move(n) for n in part.lines]
        lines.update(planted)
        sites.update({move(n): tuple(move(x) for x in extra) for n, extra in part.sites.items()})
        where = "" if not part.removed else "above" if part.lines[0] >= part.removed[0] else "below"
        said.append(_describe(part.original, part.mutated, planted[0], where))
    if len(lines) < len(first.lines) + len(second.lines):
        return None
    return Mutant(f"HOM-{first.key}+{second.key}", "HOM", first.scope, first.function, tuple(sorted(lines)), sites,
                  f"{first.original} / {second.original}", f"{first.mutated} / {second.mutated}",
                  f"{first.mechanism} & {second.mechanism}", " ".join(said), text, parts=(first, second),
                  removed=(*first.removed, *second.removed),
                  source_lines=tuple(sorted({*first.source_lines, *second.source_lines})),
                  obvious=first.obvious or second.obvious)

