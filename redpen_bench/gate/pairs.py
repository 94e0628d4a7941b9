"""The pairs of sequences above a similarity limit and the most similar pair, without comparing every pair in full.

Similarity is difflib's `SequenceMatcher(None, a, b, autojunk=False).ratio()` = 2M / (len a + len b), M the size
of the matching blocks it finds: milliseconds per pair of AST sequences, and pairs grow with items squared. Two
upper bounds of M, both exact integers, are far cheaper:
- the multiset intersection (difflib's quick_ratio), for every pair with numpy, a row of pairs at a time;
- the longest common subsequence (the matching blocks are a common subsequence), bit-parallel (Hyyro 2004) on
  Python integers, a whole row of pairs in one pass (_PackedLcs).
On AST sequences the multiset bound is weak (on the shipped corpus 909 of 946 pairs reach the best ratio, 0.64)
and the LCS bound strong (17 do). So: identical sequences are 1.0 without a look; then row by row, the pairs whose
quick bound can still exceed the limit or reach the best ratio found get an LCS bound, and those whose LCS bound
can are compared in full, highest bound first. The answer is the full comparison's: the same pairs above the
limit, in pair order, and the same most similar pair (on a tie, the first in pair order).
"""

from __future__ import annotations

import difflib
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


def _quick_rows(codes: list[np.ndarray], vocabulary: int) -> list[np.ndarray]:
    """quick_ratio of every pair, row i holding the pairs (i, j > i), computed exactly as difflib does."""
    counts = np.stack([np.bincount(c, minlength=vocabulary) for c in codes])
    lengths = counts.sum(axis=1)
    rows = []
    for i in range(len(codes) - 1):
        total = lengths[i] + lengths[i + 1:]
        matches = np.minimum(counts[i], counts[i + 1:]).sum(axis=1)
        rows.append(np.where(total > 0, 2.0 * matches / np.maximum(total, 1), 1.0))  # two empty: 1.0, as difflib
    return rows


class _PackedLcs:
    """LCS lengths of one sequence against many at once: the many laid side by side in one Python integer, each in
    a segment with spare zero bits on top, so the bit-parallel step's carries never cross into a neighbour. One
    pass of big-integer operations serves a whole row of pairs: a few microseconds per pair instead of the ~0.1 ms
    that one small-integer pass per pair costs in interpreter overhead."""

    def __init__(self, codes: list[np.ndarray], vocabulary: int):
        self.codes = codes
        self.lengths = np.array([len(c) for c in codes], dtype=np.int64)
        longest = int(self.lengths.max(initial=0))
        # above each sequence, room to count one carry per step of the longest: the bits are cleared once, at the end
        self.words = (longest + longest.bit_length()) // 64 + 1
        segment = np.repeat(np.arange(len(codes)), self.lengths)
        position = np.concatenate([np.arange(n) for n in self.lengths]) if len(segment) else segment
        bit = np.left_shift(np.uint64(1), (position % 64).astype(np.uint64))
        self.full = np.zeros((len(codes), self.words), dtype=np.uint64)  # the valid bits of each segment
        np.bitwise_or.at(self.full, (segment, position // 64), bit)
        self.masks = np.zeros((vocabulary, len(codes), self.words), dtype=np.uint64)  # symbol -> its positions
        symbols = np.concatenate(codes) if len(segment) else segment
        np.bitwise_or.at(self.masks, (symbols, segment, position // 64), bit)

    @staticmethod
    def _join(words: np.ndarray) -> int:
        return int.from_bytes(np.ascontiguousarray(words, dtype="<u8").tobytes(), "little")

    def lcs(self, i: int, others: np.ndarray) -> np.ndarray:
        """LCS length of sequence i with each of `others` (Hyyro 2004, as lcs_length, on every segment at once)."""
        full = self._join(self.full[others])
        a = self.codes[i].tolist()
        masks = {symbol: self._join(self.masks[symbol][others]) for symbol in set(a)}
        unmatched = {symbol: full & ~mask for symbol, mask in masks.items()}
        v = full
        for symbol in a:
            # Hyyro's step (v + u) | (v - u), written (v + u) | (v & ~mask): the second term holds no spare bit,
            # so the spare bits above a segment only count its carries, one per step at most
            v = (v + (v & masks[symbol])) | (v & unmatched[symbol])
        v &= full
        data = np.frombuffer(v.to_bytes(len(others) * self.words * 8, "little"), dtype="<u8")
        ones = np.unpackbits(data.view(np.uint8).reshape(len(others), -1), axis=1).sum(axis=1)
        return self.lengths[others] - ones


def search(sequences: Sequence[Sequence], limit: float) -> Search:
    """Every pair (i < j) whose ratio exceeds `limit`, and the pair of highest ratio."""
    n = len(sequences)
    result = Search(pairs=n * (n - 1) // 2)
    if n < 2:
        return result
    vocabulary: dict = {}
    codes = [np.array([vocabulary.setdefault(t, len(vocabulary)) for t in s], dtype=np.int64) for s in sequences]
    same: dict = {}
    group = np.array([same.setdefault(tuple(s), k) for k, s in enumerate(sequences)])  # identical: one group
    for i in range(n - 1):  # identical sequences are 1.0 without a look, and the best they set prunes the rest
        for j in np.flatnonzero(group[i + 1:] == group[i]) + i + 1:
            result.identical += 1
            _record(result, i, int(j), 1.0, limit)
    quick = _quick_rows(codes, len(vocabulary))
    packed = _PackedLcs(codes, len(vocabulary))

    def needed(bounds):
        """Whether a bound can still exceed the limit or reach the best ratio found (a tie may come first)."""
        best = result.most_similar
        return (bounds > limit) | (best is None) | (bounds >= (best[2] if best else 0.0))

    def compare(i: int, j: int) -> None:
        if (i, j) not in compared:
            compared.add((i, j))
            result.ratios += 1
            _record(result, i, j, ratio(tuple(sequences[i]), tuple(sequences[j])), limit)

    compared: set[tuple[int, int]] = set()
    kept: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (i, j, LCS bound) of pairs still in the running
    top = -1.0
    for i in sorted(range(n - 1), key=lambda r: -quick[r].max()):  # likely twins first: the best rises early
        candidates = np.flatnonzero(needed(quick[i]) & (group[i + 1:] != group[i])) + i + 1
        if not len(candidates):
            continue
        result.lcs += len(candidates)
        bounds = 2.0 * packed.lcs(i, candidates) / (packed.lengths[i] + packed.lengths[candidates])
        if bounds.max() > top:  # a new highest LCS bound: its pair's ratio raises the best, which prunes the rest
            top = float(bounds.max())
            compare(i, int(candidates[bounds.argmax()]))
        keep = needed(bounds)
        kept.append((np.full(int(keep.sum()), i), candidates[keep], bounds[keep]))
    if kept:  # the rest, highest LCS bound first, until no bound left can reach the best or exceed the limit
        rows, columns, bounds = (np.concatenate(parts) for parts in zip(*kept))
        for k in np.argsort(-bounds, kind="stable"):
            if not needed(bounds[k]):
                break
            compare(int(rows[k]), int(columns[k]))
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
