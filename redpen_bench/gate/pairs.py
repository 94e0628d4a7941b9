"""The pairs of sequences above a similarity limit, without comparing every pair in full.

Similarity is difflib's `SequenceMatcher(None, a, b, autojunk=False).ratio()` = 2M / (len a + len b), M the size
of the matching blocks it finds: milliseconds per pair of AST sequences, and pairs grow with items squared. Two
upper bounds of M are exact integers and far cheaper, so a pair is compared in full only when both allow it to
exceed the limit:
- the multiset intersection (difflib's quick_ratio), for every pair at once with numpy;
- the length of a longest common subsequence (the matching blocks are a common subsequence), bit-parallel.
The most similar pair is the most similar of all pairs (the gate reports how close the corpus came to its limit):
when a pair exceeds the limit it is among those compared; otherwise a second pass compares, best bound first,
only the pairs whose bounds can still beat the best found so far.
"""

from __future__ import annotations

import difflib
import heapq
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
    most_similar: tuple[int, int, float] | None = None  # of all pairs; equal ratios: the first in pair order


def search(sequences: Sequence[Sequence], limit: float) -> Search:
    """Every pair (i < j) whose ratio exceeds `limit`, in pair order, and the most similar pair of all."""
    result = Search()
    n = len(sequences)
    if n < 2:
        return result
    vocabulary: dict = {}
    codes = [np.array([vocabulary.setdefault(t, len(vocabulary)) for t in s], dtype=np.int64) for s in sequences]
    counts = np.stack([np.bincount(c, minlength=len(vocabulary)) for c in codes])
    lengths = counts.sum(axis=1)
    compared: set[tuple[int, int]] = set()
    for i in range(n - 1):
        quick = _quick_bounds(counts, lengths, i)
        for j in np.flatnonzero(quick > limit) + i + 1:
            a, b = sequences[i], sequences[int(j)]
            if a and b and 2.0 * lcs_length(a, b) / (len(a) + len(b)) <= limit:
                continue
            value = ratio(a, b)
            compared.add((i, int(j)))
            if value > limit:
                result.over.append((i, int(j), value))
            if result.most_similar is None or value > result.most_similar[2]:
                result.most_similar = (i, int(j), value)
    if result.most_similar is None or result.most_similar[2] <= limit:
        # no pair above the limit: the most similar pair lies among those the bounds ruled out, so look for it
        # there too, best bound first, comparing in full only a pair whose bounds can still beat the best so far
        result.most_similar = _most_similar(sequences, counts, lengths, result.most_similar, compared)
    return result


def _quick_bounds(counts: np.ndarray, lengths: np.ndarray, i: int) -> np.ndarray:
    """The multiset bound of sequence i against every later one."""
    total = lengths[i] + lengths[i + 1:]
    matches = np.minimum(counts[i], counts[i + 1:]).sum(axis=1)
    return np.where(total > 0, 2.0 * matches / np.maximum(total, 1), 1.0)  # two empty sequences: 1.0


def _most_similar(sequences: Sequence[Sequence], counts: np.ndarray, lengths: np.ndarray,
                  best: tuple[int, int, float] | None, compared: set[tuple[int, int]]) -> tuple[int, int, float]:
    """Best first: pairs in order of their multiset bound; a pair whose bound can beat the best so far gets its
    LCS bound (tighter) and waits in a heap; a waiting pair is compared in full once no pair left can have a
    higher bound. On the shipped corpus the LCS bounds leave few pairs to compare in full."""
    def beats(i: int, j: int, value: float) -> bool:
        return best is None or value > best[2] or (value == best[2] and (i, j) < best[:2])

    floor = best[2] if best else 0.0
    found = []
    for i in range(len(sequences) - 1):
        quick = _quick_bounds(counts, lengths, i)
        js = np.flatnonzero(quick >= floor)
        found.append((np.full(len(js), i), js + i + 1, quick[js]))
    rows, cols, bounds = (np.concatenate(parts) for parts in zip(*found))
    waiting: list[tuple[float, int, int]] = []  # (-LCS bound, i, j)

    def compare_down_to(bound: float) -> None:
        nonlocal best
        while waiting and -waiting[0][0] >= bound:
            negative, i, j = heapq.heappop(waiting)
            if beats(i, j, -negative):
                value = ratio(sequences[i], sequences[j])
                if beats(i, j, value):
                    best = (i, j, value)

    for k in np.lexsort((cols, rows, -bounds)):  # highest bound first, then pair order
        i, j, quick = int(rows[k]), int(cols[k]), float(bounds[k])
        compare_down_to(quick)
        if best is not None and quick < best[2]:
            break  # no pair left can beat it
        if (i, j) in compared or not beats(i, j, quick):
            continue
        a, b = sequences[i], sequences[j]
        bound = 2.0 * lcs_length(a, b) / (len(a) + len(b)) if a and b else quick
        if beats(i, j, bound):
            heapq.heappush(waiting, (-bound, i, j))
    compare_down_to(-1.0)
    assert best is not None  # two sequences or more: some pair was compared
    return best
