"""Distinctness: no two items are one template with renamed names and values.

Structure is the pre-order sequence of AST node types (identifiers and literals abstracted away), compared
with difflib's SequenceMatcher: enough to catch renamed and re-valued templates, and fast for 946 pairs
(tree edit distance in pure Python is not).
"""

from __future__ import annotations

import ast
import builtins
import difflib
import itertools
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from redpen_bench.corpus import Corpus

_IGNORED_NAMES = frozenset(dir(builtins)) | {"self", "cls"}


@cache
def structure(path: Path) -> tuple[str, ...]:
    out: list[str] = []

    def visit(node: ast.AST) -> None:
        out.append(type(node).__name__)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return tuple(out)


def similarity(a: Path, b: Path, floor: float = 0.0) -> float:
    """Structural similarity in [0, 1]; returns early with an upper bound when it cannot exceed `floor`."""
    matcher = difflib.SequenceMatcher(None, structure(a), structure(b), autojunk=False)
    if matcher.real_quick_ratio() <= floor or matcher.quick_ratio() <= floor:
        return min(matcher.quick_ratio(), matcher.real_quick_ratio())
    return matcher.ratio()


def identifiers(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        for attr in ("id", "arg", "attr", "name"):
            value = getattr(node, attr, None)
            if isinstance(value, str):
                names.add(value)
    return names - _IGNORED_NAMES


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


@dataclass
class Distinctness:
    pair_failures: list[tuple[str, str, float]]  # items whose originals are one template
    item_failures: dict[str, list[str]]  # per-item: disguised too close to original, clean to fixed
    most_similar: tuple[str, str, float] | None


def run_distinctness(corpus: Corpus, max_similarity: float = 0.90, max_overlap: float = 1 / 3) -> Distinctness:
    items = list(corpus.items)
    best: tuple[str, str, float] | None = None
    pairs = []
    for a, b in itertools.combinations(items, 2):
        # below both the threshold and the best so far, an upper bound is enough to skip the pair exactly
        floor = min(max_similarity, best[2] if best else 0.0)
        ratio = similarity(a.file("original"), b.file("original"), floor=floor)
        if best is None or ratio > best[2]:
            best = (a.id, b.id, ratio)
        if ratio > max_similarity:
            pairs.append((a.id, b.id, ratio))
    per_item: dict[str, list[str]] = {item.id: [] for item in items}
    for item in items:
        if "disguised" in item.variants:
            overlap = jaccard(identifiers(item.file("original")), identifiers(item.file("disguised")))
            if overlap > max_overlap:
                per_item[item.id].append(
                    f"disguised.py shares too many identifiers with original.py: Jaccard {overlap:.2f} > "
                    f"{max_overlap:.2f}")
        if "clean" in item.variants:
            ratio = similarity(item.file("fixed"), item.file("clean"))
            if ratio > max_similarity:
                per_item[item.id].append(
                    f"clean.py is a near-copy of fixed.py: structural similarity {ratio:.2f} > {max_similarity:.2f}")
    return Distinctness(pairs, per_item, best)
