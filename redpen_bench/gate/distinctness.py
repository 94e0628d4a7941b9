"""Distinctness: no two items are one template with renamed names and values, no disguise is a rename of its
original, and no two items share a domain.

Structure is the pre-order sequence of AST node types (identifiers and literals abstracted away), compared
with difflib's SequenceMatcher: enough to catch renamed and re-valued templates, and fast for 946 pairs
(tree edit distance in pure Python is not). A domain is the set of words the identifiers are made of
(`free_slots`, `RoomCalendar` -> free, slots, room, calendar), compared by Jaccard across items.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import itertools
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np

from redpen_bench.corpus import DEFECTIVE_VARIANTS, Corpus, read_text

_IGNORED_NAMES = frozenset(dir(builtins)) | {"self", "cls"}


@cache
def structure(path: Path) -> tuple[str, ...]:
    out: list[str] = []

    def visit(node: ast.AST) -> None:
        out.append(type(node).__name__)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(read_text(path)))
    return tuple(out)


def similarity(a: Path, b: Path, floor: float = 0.0) -> float:
    """Structural similarity in [0, 1]; returns early with an upper bound when it cannot exceed `floor`."""
    matcher = difflib.SequenceMatcher(None, structure(a), structure(b), autojunk=False)
    if matcher.real_quick_ratio() <= floor or matcher.quick_ratio() <= floor:
        return min(matcher.quick_ratio(), matcher.real_quick_ratio())
    return matcher.ratio()


def identifiers(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(read_text(path))):
        for attr in ("id", "arg", "attr", "name"):
            value = getattr(node, attr, None)
            if isinstance(value, str):
                names.add(value)
    return names - _IGNORED_NAMES


_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


@cache
def domain_words(path: Path) -> frozenset[str]:
    """The words of a file's identifiers, lower-cased, of three letters or more."""
    return frozenset(w.lower() for name in identifiers(path) for w in _WORD.findall(name) if len(w) >= 3)


def docstring_words(path: Path) -> int:
    """Words in the module's, classes' and functions' docstrings: the intent a file states."""
    nodes = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return sum(len((ast.get_docstring(node) or "").split())
               for node in ast.walk(ast.parse(read_text(path))) if isinstance(node, nodes))


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


@dataclass
class Distinctness:
    pair_failures: list[tuple[str, str, float]]  # items whose originals are one template
    item_failures: dict[str, list[str]]  # per-item: disguised too close to original, clean to fixed
    most_similar: tuple[str, str, float] | None
    domain_failures: list[tuple[str, str, float]] = field(default_factory=list)  # "item/variant" pairs
    closest_domains: tuple[str, str, float] | None = None
    closest_disguise: tuple[str, float] | None = None  # the item whose disguise is structurally nearest


def domain_overlaps(corpus: Corpus, limit: float) -> tuple[list[tuple[str, str, float]], tuple | None]:
    """Domain-word Jaccard of every two defective variants of different items: the pairs above `limit` and the
    closest pair. One sparse-ish matrix product instead of a loop over pairs."""
    keys = [(item.id, name) for item in corpus.items for name in DEFECTIVE_VARIANTS if name in item.variants]
    if len(keys) < 2:
        return [], None
    by_item = {item.id: item for item in corpus.items}
    words = [domain_words(by_item[i].file(v)) for i, v in keys]
    vocab = {w: k for k, w in enumerate(sorted(set().union(*words)))}
    matrix = np.zeros((len(keys), max(len(vocab), 1)))
    for row, ws in enumerate(words):
        matrix[row, [vocab[w] for w in ws]] = 1.0
    inter = matrix @ matrix.T
    size = matrix.sum(axis=1)
    union = size[:, None] + size[None, :] - inter
    with np.errstate(invalid="ignore", divide="ignore"):
        score = np.where(union > 0, inter / np.where(union > 0, union, 1.0), 0.0)
    items = np.array([i for i, _ in keys])
    score[items[:, None] == items[None, :]] = -1.0  # variants of one item share a mechanism, not a domain
    score[np.tril_indices(len(keys))] = -1.0
    label = [f"{i}/{v}" for i, v in keys]
    a, b = np.unravel_index(int(np.argmax(score)), score.shape)
    closest = (label[a], label[b], float(score[a, b])) if score[a, b] >= 0 else None
    over = [(label[x], label[y], float(score[x, y])) for x, y in zip(*np.nonzero(score > limit))]
    return sorted(over, key=lambda t: -t[2]), closest


def run_distinctness(
    corpus: Corpus, max_similarity: float = 0.90, max_overlap: float = 1 / 3,
    max_disguise_similarity: float = 0.75, max_domain_overlap: float = 0.25, min_clean_intent: float = 0.8,
) -> Distinctness:
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
    closest_disguise: tuple[str, float] | None = None
    for item in items:
        if "disguised" in item.variants:
            ratio = similarity(item.file("original"), item.file("disguised"))
            if closest_disguise is None or ratio > closest_disguise[1]:
                closest_disguise = (item.id, ratio)
            if ratio > max_disguise_similarity:
                per_item[item.id].append(
                    f"disguised.py is a rename of original.py: structural similarity {ratio:.2f} > "
                    f"{max_disguise_similarity:.2f}")
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
            # a control offers as much stated intent for a reviewer to hold the code against as the repair does
            fixed_words, clean_words = docstring_words(item.file("fixed")), docstring_words(item.file("clean"))
            if clean_words < min_clean_intent * fixed_words:
                per_item[item.id].append(
                    f"clean.py states less intent than fixed.py: {clean_words} docstring words against "
                    f"{fixed_words} (< {min_clean_intent:.2f} x)")
    domains, closest_domains = domain_overlaps(corpus, max_domain_overlap)
    return Distinctness(pairs, per_item, best, domains, closest_domains, closest_disguise)
