"""Distinctness: no two items are one template with renamed names and values, no disguise is a rename of its
original, and no two items share a domain.

Structure is the pre-order sequence of AST node types (identifiers and literals abstracted away), compared
with difflib's SequenceMatcher: enough to catch renamed and re-valued templates, and fast (tree edit distance in
pure Python is not); pairs of items are searched with exact bounds first (gate/pairs.py), so a large corpus does
not pay for every pair in full. A domain is the set of words the identifiers are made of
(`free_slots`, `RoomCalendar` -> free, slots, room, calendar), compared by Jaccard across items.
"""

from __future__ import annotations

import ast
import builtins
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np

from redpen_bench.gate.pairs import bounded_ratio
from redpen_bench.gate.pairs import search as pairs_search
from redpen_bench.model.corpus import DEFECTIVE_VARIANTS, Corpus
from redpen_bench.model.corpus_files import read_text

_IGNORED_NAMES = frozenset(dir(builtins)) | {"self", "cls"}


_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
_NAMING = ("id", "arg", "attr", "name")  # the fields that hold identifiers


@cache
def _naming_fields(kind: type) -> tuple[str, ...]:
    return tuple(f for f in _NAMING if f in kind._fields)


def _facts(path: Path) -> tuple[tuple[str, ...], frozenset[str], int]:
    """Node types in pre-order, identifiers and docstring words of a file, from one parse and one walk: parsing
    and walking were most of the gate's time on a large corpus, and every file was parsed two or three times.
    Remembered per path and modification, so an edited file is read again."""
    stat = path.stat()
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@cache
def _parsed(path: Path, _mtime_ns: int, _size: int) -> tuple[tuple[str, ...], frozenset[str], int]:
    """The walk reads `_fields` itself: the same children in the same order as ast.iter_child_nodes, in half
    the time."""
    types: list[str] = []
    names: set[str] = set()
    words = 0
    stack: list[ast.AST] = [ast.parse(read_text(path))]
    while stack:
        node = stack.pop()
        kind = type(node)
        types.append(kind.__name__)
        for attr in _naming_fields(kind):
            value = getattr(node, attr, None)
            if isinstance(value, str):
                names.add(value)
        if kind in _DOCUMENTED:
            words += len((ast.get_docstring(node) or "").split())
        children: list[ast.AST] = []
        for field_name in kind._fields:
            value = getattr(node, field_name, None)
            if isinstance(value, ast.AST):
                children.append(value)
            elif isinstance(value, list):
                children.extend(v for v in value if isinstance(v, ast.AST))
        stack.extend(reversed(children))  # reversed on a stack: children visited in order, as a recursive walk
    return tuple(types), frozenset(names - _IGNORED_NAMES), words


def structure(path: Path) -> tuple[str, ...]:
    return _facts(path)[0]


def similarity(a: Path, b: Path, floor: float = 0.0) -> float:
    """Structural similarity in [0, 1]; returns early with an upper bound when it cannot exceed `floor`."""
    return bounded_ratio(structure(a), structure(b), floor)


def identifiers(path: Path) -> set[str]:
    return set(_facts(path)[1])


_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


@cache
def domain_words(path: Path) -> frozenset[str]:
    """The words of a file's identifiers, lower-cased, of three letters or more."""
    return frozenset(w.lower() for name in identifiers(path) for w in _WORD.findall(name) if len(w) >= 3)


def docstring_words(path: Path) -> int:
    """Words in the module's, classes' and functions' docstrings: the intent a file states."""
    return _facts(path)[2]


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
    # every pair of originals, pruned by exact upper bounds (gate/pairs.py): the full comparison's answer
    found = pairs_search([structure(item.file("original")) for item in items], max_similarity)
    pairs = [(items[i].id, items[j].id, ratio) for i, j, ratio in found.over]
    closest = found.most_similar
    best = (items[closest[0]].id, items[closest[1]].id, closest[2]) if closest else None
    per_item: dict[str, list[str]] = {item.id: [] for item in items}
    closest_disguise: tuple[str, float] | None = None
    for item in items:
        if "disguised" in item.variants:
            # as for pairs of items: below the limit and the closest so far, a bound decides the item exactly
            floor = min(max_disguise_similarity, closest_disguise[1] if closest_disguise else 0.0)
            ratio = similarity(item.file("original"), item.file("disguised"), floor=floor)
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
            ratio = similarity(item.file("fixed"), item.file("clean"), floor=max_similarity)
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
