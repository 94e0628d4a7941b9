"""Integrity: every rule of FORMAT.md a loaded corpus can still break (the loader checks the rest)."""

from __future__ import annotations

import ast
import difflib
from pathlib import Path

from redpen_bench.model.corpus import REPAIR_OF, Corpus, Item
from redpen_bench.model.corpus_files import read_text
from redpen_bench.model.lines import split_lines


def changed_lines(defective: Path, repaired: Path) -> set[int]:
    """Lines of the defective file within its diff against the repair (lines_within_diff)."""
    return lines_within_diff(split_lines(read_text(defective)), split_lines(read_text(repaired)))


def lines_within_diff(defective: list[str], repaired: list[str]) -> set[int]:
    """Line numbers of `defective` within its diff against `repaired`; for a pure insertion, the lines directly
    above and below the insertion point (FORMAT.md's rule for a missing statement)."""
    lines: set[int] = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, defective, repaired, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            lines.update(range(i1 + 1, i2 + 1))
        elif tag == "insert":
            lines.update({i1, i1 + 1})
    return lines


def item_problems(item: Item, canary: str) -> tuple[list[str], int]:
    """Problems of one item, and how many of its scored snippets are intact."""
    problems: list[str] = []
    broken: set[str] = set()
    for name, variant in item.variants.items():
        text = variant.text
        try:
            ast.parse(text, filename=str(variant.path))
        except SyntaxError as exc:
            problems.append(f"{name}.py: not valid Python: line {exc.lineno}: {exc.msg}")
            broken.add(name)
        if canary and canary in text:
            problems.append(f"{name}.py: holds the canary string (scored files' lines are ground truth)")
            broken.add(name)
    for name, repair in REPAIR_OF.items():
        variant = item.variants.get(name)
        if variant is None:
            continue
        allowed = changed_lines(variant.path, item.file(repair))
        if not allowed:
            problems.append(f"{name}.py is identical to {repair}.py: nothing is repaired")
            broken.add(name)
            continue
        outside = [n for n in variant.planted_lines if n not in allowed]
        if outside:
            problems.append(
                f"item.toml variants.{name}.lines {outside}: outside the diff between {name}.py and {repair}.py "
                f"(changed lines {sorted(allowed)})"
            )
            broken.add(name)
    return problems, len(item.variants) - len(broken)


def run_integrity(corpus: Corpus) -> tuple[dict[str, list[str]], int]:
    problems, intact = {}, 0
    for item in corpus.items:
        found, ok = item_problems(item, corpus.canary)
        problems[item.id] = found
        intact += ok
    return problems, intact
