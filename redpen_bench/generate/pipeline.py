"""The whole `mutate` run: scan each source unit, kill-check its mutants and pairs of them, keep the killed,
write the corpus (items.py). Deterministic: the same source, options and seed give the same bytes whatever
--jobs is (every list is sorted by unit and key before anything is numbered or sampled)."""

from __future__ import annotations

import random
from collections import Counter

from redpen_bench.errors import InputError
from redpen_bench.generate import operators
from redpen_bench.generate.kill import Checks, Outcome, limit_for, verdict
from redpen_bench.generate.units import (
    HOM,
    TIER_ORDER,
    Killed,
    Options,
    SourceError,
    Unit,
    UnitResult,
    add_scan_counts,
)
from redpen_bench.model.corpus import Corpus
from redpen_bench.run.executor import Executor, open_executor
from redpen_bench.run.progress import Progress

UNITS, PARTS = "source files", "parts of source files"  # what mutate's progress counts
_HOM_TRIES = 4  # pairs tried per pair kept: combine() refuses overlapping or equivalent pairs
# A file that holds more than DOMINANT of the run's source lines, and more than PART_LINES lines, is checked in
# parts (2, then 4 at most), each a task of its own with its own copy of the project and session, so that it does
# not hold the whole run on one core (tomli's parser holds 533 of its 589 checks). Files that do not dominate are
# left whole: among others they already share the cores, and a part costs a session and a fresh order of likely
# killers (python-humanize's two big modules ran 10 % slower split). The parts depend on the files alone, never on
# --jobs: which mutants share a checker can change which failing test is tried first.
PART_LINES, MAX_PARTS, DOMINANT = 300, 4, 0.5


def corpus_units(corpus: Corpus) -> list[Unit]:
    """Every repaired file of every item: fixed.py and clean.py (check_original), disguised_fixed.py
    (check_disguised). Each unit's control is the item's other correct file for the same task."""
    units = []
    for item in sorted(corpus.items, key=lambda i: i.id):
        fixed, clean = item.file("fixed"), item.file("clean")
        has_clean = "clean" in item.variants
        units.append(Unit(f"{item.id}/fixed.py", fixed, item.id, "check_original", item.test_path,
                          clean if has_clean else None))
        if has_clean:
            units.append(Unit(f"{item.id}/clean.py", clean, item.id, "check_original", item.test_path, fixed))
        if "disguised" in item.variants:
            units.append(Unit(f"{item.id}/disguised_fixed.py", item.file("disguised_fixed"), item.id,
                              "check_disguised", item.test_path))
    return units


class Unparsable(InputError):
    """A source file that is not Python this interpreter parses: project mode skips it with a warning."""


def scan_unit(unit: Unit, options: Options, part: int = 0, parts: int = 1):
    import libcst

    try:
        source = unit.source
    except SourceError as exc:
        raise Unparsable(str(exc)) from None  # a file its own cookie does not decode: skipped, named
    try:
        compile(source, str(unit.path), "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        raise Unparsable(f"{unit.name}: does not parse ({type(exc).__name__}: {exc})") from None
    try:
        first_order = [op for op in options.operators or () if op != HOM] or None
        return operators.scan(source, first_order, options.max_per_function, unit.seed(options.seed),
                              options.include_obvious, part, parts)
    except libcst.ParserSyntaxError as exc:
        reason = str(exc).strip().splitlines()[0]
        raise Unparsable(f"{unit.name}: does not parse (libcst: {reason})") from None
    except (ValueError, SyntaxError) as exc:
        raise InputError(f"{unit.path}: cannot be mutated: {exc}") from None


def tally(result: UnitResult, mutant, outcome: Outcome, source_seconds: float, timeout: float,
          tests: tuple[str, ...]) -> None:
    op = mutant.operator
    result.count(op, "checked")
    if outcome.status == "timeout":
        result.count(op, "timed_out")
    found = verdict(outcome, source_seconds, timeout)
    if found in ("killed", "timed-out"):
        result.count(op, "killed")
        result.killed.append(Killed(result.unit, mutant, outcome.tests or tests, found == "timed-out"))
    elif found == "survived":
        result.count(op, "survived")  # discarded: never an item, never a control


def higher_order(unit: Unit, source: str, killed: list[Killed], options: Options) -> list:
    """Pairs of killed first-order mutants in one function, at most hom_per_function per function, chosen by
    the seed from the pairs in key order."""
    by_function: dict[str, list] = {}
    for k in killed:
        if not k.mutant.parts:
            by_function.setdefault(k.mutant.function, []).append(k.mutant)
    homs = []
    for function in sorted(by_function):
        group = sorted(by_function[function], key=lambda m: m.key)
        pairs = [(a, b) for i, a in enumerate(group) for b in group[i + 1:]]
        random.Random(f"{options.seed}\0{unit.name}\0{function}").shuffle(pairs)
        made = []
        for a, b in pairs[: _HOM_TRIES * options.hom_per_function]:
            if len(made) == options.hom_per_function:
                break
            if (hom := operators.combine(source, a, b)) is not None:
                made.append(hom)
        homs += made
    return homs


def _lines(unit: Unit) -> int:
    try:
        return len(unit.source.splitlines())
    except SourceError:  # skipped, with the reason, by its one task
        return 0


def parts_of(units: list[Unit]) -> list[int]:
    """How many parts each file's mutants are checked in: 1, 2 or 4, from its length and its share of all."""
    lines = [_lines(unit) for unit in units]
    total = sum(lines)
    found = []
    for n in lines:
        parts = 1
        while n > DOMINANT * total and parts < MAX_PARTS and n > parts * PART_LINES:
            parts *= 2
        found.append(parts)
    return found


def check_unit(unit: Unit, options: Options, checks: Checks, part: int = 0, parts: int = 1) -> UnitResult:
    """One task, wherever it runs: scan one file (part `part` of `parts` of its functions), kill-check its
    mutants, then their pairs of killed mutants, with the checker `checks` opens for it. A file that does not parse
    is skipped (the result says why)."""
    result = UnitResult(unit)
    try:
        scan = scan_unit(unit, options, part, parts)
    except Unparsable as exc:
        result.skipped = str(exc)
        return result
    add_scan_counts(result, scan.counts)
    if not scan.mutants:  # nothing to check (and no higher-order mutant without a killed one): no checker to open
        return result
    checker = checks.open(unit, options.timeout)
    try:
        source_seconds = checker.baseline()
        if source_seconds is None:  # no test looks at this file: none of its mutants can be killed
            return result
        limit = limit_for(source_seconds, options.timeout)
        for mutant in scan.mutants:
            outcome = checker.check(mutant.source, limit, mutant.function, mutant.source_lines)
            tally(result, mutant, outcome, source_seconds, options.timeout, checker.tests)
        if options.hom_per_function and (not options.operators or HOM in options.operators):
            homs = higher_order(unit, unit.source, result.killed, options)
            result.count(HOM, "generated", len(homs))
            for hom in homs:
                outcome = checker.check(hom.source, limit, hom.function, hom.source_lines)
                tally(result, hom, outcome, source_seconds, options.timeout, checker.tests)
    finally:
        checker.close()
    return result


def kill_units(units: list[Unit], options: Options, checks: Checks, jobs: int, progress: Progress,
               executor: Executor | None = None) -> list[UnitResult]:
    """The one run loop of both modes: one task per source unit, or per part of a big one (parts_of), on
    `executor`, or on `jobs` local processes at a time (scanning is pure Python: threads would queue on one core);
    results in unit order, whatever ran where or finished first; the first error stops what has not started. The
    biggest parts start first: a long task started last is what every other worker waits for at the end."""
    tasks = [(i, part, parts) for i, parts in enumerate(parts_of(units)) for part in range(parts)]
    tasks.sort(key=lambda task: -units[task[0]].path.stat().st_size / task[2])
    work = [(units[i], options, checks, part, parts) for i, part, parts in tasks]
    label = UNITS if len(tasks) == len(units) else PARTS
    if executor is not None:
        done = executor.run_all(check_unit, work, progress, label)
    else:
        with open_executor("local", jobs) as local:
            done = local.run_all(check_unit, work, progress, label)
    by_unit: dict[int, list[UnitResult]] = {}
    for (i, _, _), result in sorted(zip(tasks, done, strict=True), key=lambda pair: pair[0][:2]):
        by_unit.setdefault(i, []).append(result)
    return [merged(by_unit[i]) for i in range(len(units))]


def merged(results: list[UnitResult]) -> UnitResult:
    """One file's result from those of its parts (in part order)."""
    if len(results) == 1:
        return results[0]
    whole = UnitResult(results[0].unit, skipped=results[0].skipped)
    for result in results:
        whole.killed += result.killed
        for operator, counts in result.counts.items():
            whole.counts.setdefault(operator, Counter()).update(counts)
    return whole


def select(results: list[UnitResult], options: Options) -> list[Killed]:
    """The killed mutants in unit, tier and key order, one per distinct defective module; with max_items, a
    seeded sample that takes the operator families in turn so that each keeps its share."""
    seen, kept = set(), []
    for result in results:
        for k in sorted(result.killed, key=lambda k: (TIER_ORDER.index(k.mutant.operator), k.mutant.key)):
            if k.mutant.source not in seen:
                seen.add(k.mutant.source)
                kept.append(k)
    if not options.max_items or len(kept) <= options.max_items:
        return kept
    queues = {tier: [i for i, k in enumerate(kept) if k.mutant.operator == tier] for tier in TIER_ORDER}
    for tier, queue in queues.items():
        random.Random(f"{options.seed}\0{tier}").shuffle(queue)
    chosen: set[int] = set()
    while len(chosen) < options.max_items:
        for tier in TIER_ORDER:
            if queues[tier] and len(chosen) < options.max_items:
                chosen.add(queues[tier].pop())
    return [k for i, k in enumerate(kept) if i in chosen]
