"""The pairs of sequences above a similarity limit and the most similar pair, without comparing every pair in full.

Similarity is difflib's `SequenceMatcher(None, a, b, autojunk=False).ratio()` = 2M / (len a + len b), M the size
of the matching blocks it finds: milliseconds per pair of AST sequences, and pairs grow with items squared. Two
upper bounds of M, both exact integers, are far cheaper:
- the multiset intersection (difflib's quick_ratio), for every pair at once with numpy, one row at a time;
- the longest common subsequence (the matching blocks are a common subsequence), bit-parallel on Python integers
  (Hyyro 2004), one pair at a time.
Pairs are visited from the highest bound down: a quick bound is refined to an LCS bound before ratio() is paid for,
and the search stops once no bound left reaches the best ratio found nor exceeds the limit. Identical sequences
are 1.0 without a look. The answer is the full comparison's: the same pairs above the limit, in pair order, and the
same most similar pair (on a tie, the first in pair order).
"""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np


@lru_cache(maxsize=4096)
def ratio(a: tuple, b: tuple) -> float:
    """The similarity the search reproduces (a before b: ratio() is not symmetric on ties). Remembered by
    content: a corpus that repeats a structure pays for it once."""
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def bounded_ratio(a: tuple, b: tuple, floor: float = 0.0) -> float:
    """ratio(a, b), or an upper bound of it (length, multiset, LCS: the cheapest that suffices) when that bound
    is at most `floor`, so the pair cannot exceed it."""
    bound = 2.0 * min(len(a), len(b)) / (len(a) + len(b)) if a or b else 1.0
    if bound <= floor:
        return bound
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    bound = matcher.quick_ratio()
    if bound <= floor:
        return bound
    bound = 2.0 * lcs_length(a, _masks(b), len(b)) / (len(a) + len(b)) if a or b else 1.0
    return bound if bound <= floor else ratio(a, b)


def lcs_length(a: Sequence[int], b_masks: dict[int, int], b_length: int) -> int:
    """Length of a longest common subsequence of a and b, b given as symbol -> bit mask of its positions."""
    full = (1 << b_length) - 1
    v = full
    for symbol in a:
        u = v & b_masks.get(symbol, 0)
        v = ((v + u) | (v - u)) & full
    return b_length - v.bit_count()


@dataclass
class Search:
    """How much of each stage a search needed: for tests and benchmarks."""

    pairs: int = 0
    lcs: int = 0
    ratios: int = 0
    identical: int = 0
    over: list[tuple[int, int, float]] = field(default_factory=list)  # (i, j, ratio) above the limit, i < j
    most_similar: tuple[int, int, float] | None = None


def _quick_bounds(codes: list[np.ndarray], vocabulary: int) -> np.ndarray:
    """quick_ratio of every pair i < j, in pair order (row-major), computed exactly as difflib does."""
    counts = np.stack([np.bincount(c, minlength=vocabulary) for c in codes])
    lengths = counts.sum(axis=1)
    rows = []
    for i in range(len(codes) - 1):
        total = lengths[i] + lengths[i + 1:]
        matches = np.minimum(counts[i], counts[i + 1:]).sum(axis=1)
        rows.append(np.where(total > 0, 2.0 * matches / np.maximum(total, 1), 1.0))  # two empty: 1.0, as difflib
    return np.concatenate(rows)


def search(sequences: Sequence[Sequence], limit: float) -> Search:
    """Every pair (i < j) whose ratio exceeds `limit`, and the pair of highest ratio."""
    n = len(sequences)
    result = Search(pairs=n * (n - 1) // 2)
    if n < 2:
        return result
    vocabulary: dict = {}
    codes = [np.array([vocabulary.setdefault(t, len(vocabulary)) for t in s], dtype=np.int64) for s in sequences]
    same = {}
    group = [same.setdefault(tuple(s), k) for k, s in enumerate(sequences)]  # identical sequences, one group
    masks: dict[int, dict[int, int]] = {}
    quick = _quick_bounds(codes, len(vocabulary))
    order = np.argsort(-quick, kind="stable")
    row_start = np.concatenate([[0], np.cumsum(np.arange(n - 1, 0, -1))])  # pair index of (i, i + 1)

    def pair(k: int) -> tuple[int, int]:
        i = int(np.searchsorted(row_start, k, side="right")) - 1
        return i, int(k - row_start[i]) + i + 1

    def needed(bound: float) -> bool:
        best = result.most_similar
        return bound > limit or best is None or bound >= best[2]

    refined: list[tuple[float, int]] = []  # heap of (-LCS bound, pair index)
    position = 0
    while True:
        next_quick = float(quick[order[position]]) if position < len(order) else -1.0
        next_lcs = -refined[0][0] if refined else -1.0
        if not needed(max(next_quick, next_lcs)) or max(next_quick, next_lcs) < 0:
            break
        if next_lcs >= next_quick:  # the highest bound left is already an LCS bound: compare in full
            k = heapq.heappop(refined)[1]
            i, j = pair(k)
            result.ratios += 1
            _record(result, i, j, ratio(tuple(sequences[i]), tuple(sequences[j])), limit)
            continue
        k = int(order[position])
        position += 1
        i, j = pair(k)
        if group[i] == group[j]:
            result.identical += 1
            _record(result, i, j, 1.0, limit)
            continue
        if j not in masks:
            masks[j] = _masks(codes[j].tolist())
        result.lcs += 1
        common = lcs_length(codes[i].tolist(), masks[j], len(codes[j]))
        total = len(codes[i]) + len(codes[j])
        heapq.heappush(refined, (-(2.0 * common / total if total else 1.0), k))
    result.over.sort()
    return result


def _masks(sequence: Sequence) -> dict:
    """symbol -> bit mask of its positions in the sequence: lcs_length's form of its second sequence."""
    masks: dict = {}
    for position, symbol in enumerate(sequence):
        masks[symbol] = masks.get(symbol, 0) | (1 << position)
    return masks


def _record(result: Search, i: int, j: int, value: float, limit: float) -> None:
    if value > limit:
        result.over.append((i, j, value))
    best = result.most_similar
    if best is None or value > best[2] or (value == best[2] and (i, j) < best[:2]):
        result.most_similar = (i, j, value)
