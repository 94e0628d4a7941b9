"""The pairs of sequences above a similarity limit, without comparing every pair in full.

Similarity is difflib's `SequenceMatcher(None, a, b, autojunk=False).ratio()` = 2M / (len a + len b), M the size
of the matching blocks it finds: milliseconds per pair of AST sequences, and pairs grow with items squared. Two
upper bounds of M are exact integers and far cheaper, so a pair is compared in full only when both allow it to
exceed the limit:
- the multiset intersection (difflib's quick_ratio), for every pair at once with numpy;
- the length of a longest common subsequence (the matching blocks are a common subsequence), bit-parallel.
The most similar pair is the most similar of the pairs compared in full (None when no pair needed it).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np


def ratio(a: Sequence, b: Sequence) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def bounded_ratio(a: tuple, b: tuple, floor: float = 0.0) -> float:
    """ratio(a, b), or an upper bound of it (length, multiset, LCS: the cheapest that suffices) when that bound
    is at most `floor`, so the pair cannot exceed it."""
    if not a and not b:
        return 1.0
    for bound in (lambda: 2.0 * min(len(a), len(b)) / (len(a) + len(b)),
                  lambda: difflib.SequenceMatcher(None, a, b, autojunk=False).quick_ratio(),
                  lambda: 2.0 * lcs_length(a, b) / (len(a) + len(b))):
        value = bound()
        if value <= floor:
            return value
    return ratio(a, b)


def lcs_length(a: Sequence, b: Sequence) -> int:
    """Length of a longest common subsequence of a and b (Hyyro 2004: one pass over a, b's positions as bits)."""
    masks: dict = {}
    for position, symbol in enumerate(b):
        masks[symbol] = masks.get(symbol, 0) | (1 << position)
    full = (1 << len(b)) - 1
    v = full
    for symbol in a:
        u = v & masks.get(symbol, 0)
        v = ((v + u) | (v - u)) & full
    return len(b) - v.bit_count()


@dataclass
class Search:
    over: list[tuple[int, int, float]] = field(default_factory=list)  # (i, j, ratio) above the limit, i < j
    most_similar: tuple[int, int, float] | None = None  # among the pairs compared in full


def search(sequences: Sequence[Sequence], limit: float) -> Search:
    """Every pair (i < j) whose ratio exceeds `limit`, in pair order."""
    result = Search()
    n = len(sequences)
    if n < 2:
        return result
    vocabulary: dict = {}
    codes = [np.array([vocabulary.setdefault(t, len(vocabulary)) for t in s], dtype=np.int64) for s in sequences]
    counts = np.stack([np.bincount(c, minlength=len(vocabulary)) for c in codes])
    lengths = counts.sum(axis=1)
    for i in range(n - 1):
        total = lengths[i] + lengths[i + 1:]
        matches = np.minimum(counts[i], counts[i + 1:]).sum(axis=1)
        quick = np.where(total > 0, 2.0 * matches / np.maximum(total, 1), 1.0)  # two empty sequences: 1.0
        for j in np.flatnonzero(quick > limit) + i + 1:
            a, b = sequences[i], sequences[int(j)]
            if a and b and 2.0 * lcs_length(a, b) / (len(a) + len(b)) <= limit:
                continue
            value = ratio(a, b)
            if value > limit:
                result.over.append((i, int(j), value))
            if result.most_similar is None or value > result.most_similar[2]:
                result.most_similar = (i, int(j), value)
    return result
