"""Choosing a rule subset on a firing table, and judging the choice on items it never saw.

Search. Exact where the rules that fire on the training snippets are few (every subset up to --max-rules is
scored, 2^n candidates in one batch per chunk); greedy forward selection otherwise: start from no rule (the
always-no answer), at each step score every remaining rule added to the chosen ones (one call of the scorer's
core for all of them) and keep the best, until --max-rules rules are chosen or the best addition raises the
training Average by less than --min-gain. Exact search applies the same parsimony: of the subsets within
--min-gain of the best one, the smallest (then the best) wins. Where a tool has severity levels, the search runs
once per threshold and keeps the threshold whose selection scores best on the training snippets.

Honesty. A subset picked on some items flatters itself on those items. Cross-validation assigns whole items to
K folds (every variant of an item in the same fold, items spread over folds tier by tier), runs the whole search
(thresholds included) on K-1 folds and scores its choice on the held-out fold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from redpen_bench.errors import InputError
from redpen_bench.tune.table import FiringTable

CHUNK = 1024  # candidate subsets per call of the core in exact search (memory: CHUNK x S x lines)


@dataclass(frozen=True)
class Selection:
    rules: tuple[str, ...]  # greedy: in the order chosen; exact: sorted
    average: float  # the Average on the snippets it was chosen on
    method: str  # "greedy" | "exact"
    trace: tuple[float, ...]  # greedy: Average after 0, 1, 2 ... rules; exact: best Average per subset size
    threshold: str | None = None  # the severity threshold, for tools that have one


def _training_rules(table: FiringTable, weights) -> np.ndarray:
    """Rules that fire on a snippet that counts: the others cannot change the Average."""
    mask = np.ones(len(table.snippets), dtype=bool) if weights is None else np.asarray(weights) > 0
    return np.flatnonzero(table.fires[:, mask].any(axis=1))


def _best(scores: np.ndarray) -> int:
    return int(np.argmax(np.where(np.isnan(scores), -np.inf, scores)))


def greedy(table: FiringTable, weights=None, max_rules: int = 20, min_gain: float = 0.005) -> Selection:
    n_snippets = len(table.snippets)
    yes = np.zeros(n_snippets, dtype=bool)
    lines = np.zeros(table.lines.shape[1:], dtype=bool)
    hits = np.zeros(table.hits.shape[1:], dtype=bool)
    current = float(table.averages(table.union_metrics(yes[None], lines[None], hits[None]), weights)[0])
    chosen: list[int] = []
    trace = [current]
    remaining = list(_training_rules(table, weights))
    while remaining and len(chosen) < max_rules:
        cand = np.array(remaining)
        # every remaining rule added to the chosen union, all at once: (C, S), (C, S, L), (C, S, G)
        scores = table.averages(table.union_metrics(yes | table.fires[cand], lines | table.lines[cand],
                                                     hits | table.hits[cand]), weights)
        best = _best(scores)
        if not scores[best] - current >= min_gain:
            break
        r = int(cand[best])
        yes, lines, hits = yes | table.fires[r], lines | table.lines[r], hits | table.hits[r]
        current = float(scores[best])
        chosen.append(r)
        trace.append(current)
        remaining.remove(r)
    return Selection(tuple(table.rules[r] for r in chosen), current, "greedy", tuple(trace))


def exact(table: FiringTable, weights=None, max_rules: int = 20, min_gain: float = 0.005) -> Selection:
    cand = _training_rules(table, weights)
    best_per_size: list[tuple[float, tuple[int, ...]]] = []
    for size in range(min(max_rules, len(cand)) + 1):
        subsets = list(combinations(cand.tolist(), size))
        top = (-np.inf, ())
        for start in range(0, len(subsets), CHUNK):
            chunk = subsets[start: start + CHUNK]
            member = np.zeros((len(chunk), len(table.rules)), dtype=bool)
            for row, subset in enumerate(chunk):
                member[row, list(subset)] = True
            scores = table.averages(table.subset_metrics(member), weights)
            i = _best(scores)
            if scores[i] > top[0]:
                top = (float(scores[i]), chunk[i])
        best_per_size.append(top)
    overall = max(score for score, _ in best_per_size)
    score, subset = next((s, sub) for s, sub in best_per_size if s >= overall - min_gain)
    return Selection(tuple(table.rules[r] for r in subset), score, "exact",
                     tuple(s for s, _ in best_per_size))


def select(table: FiringTable, weights=None, max_rules: int = 20, min_gain: float = 0.005,
           exact_up_to: int = 10) -> Selection:
    """Exact search when at most `exact_up_to` rules fire on the training snippets, else greedy."""
    search = exact if len(_training_rules(table, weights)) <= exact_up_to else greedy
    return search(table, weights, max_rules=max_rules, min_gain=min_gain)


def select_over(tables: Mapping[str | None, FiringTable], weights=None, **search) -> Selection:
    """One search per severity threshold (key None: the tool has none); the best training Average wins, ties to
    the first threshold listed."""
    best: Selection | None = None
    for threshold, table in tables.items():
        chosen = select(table, weights, **search)
        if best is None or chosen.average > best.average + 1e-12:
            best = Selection(chosen.rules, chosen.average, chosen.method, chosen.trace, threshold)
    if best is None:
        raise ValueError("select_over: no table")
    return best


def assign_folds(items: Sequence[str], tiers: Sequence[str], k: int, seed: int = 0) -> dict[str, int]:
    """item id -> fold in 0..k-1. Stratified: each tier's items, shuffled, are dealt round-robin, continuing
    from where the previous tier stopped, so every fold gets its share of each tier (within one item) and the
    folds differ in size by at most one item."""
    tier_of = dict(zip(items, tiers, strict=True))
    if k < 2:
        raise InputError(f"--folds {k}: cross-validation needs at least 2 folds")
    if k > len(tier_of):
        raise InputError(f"--folds {k}: more folds than items ({len(tier_of)})")
    rng = np.random.default_rng(seed)
    folds: dict[str, int] = {}
    dealt = 0
    for tier in dict.fromkeys(tier_of.values()):
        members = sorted(i for i, t in tier_of.items() if t == tier)
        for item in rng.permutation(members):
            folds[str(item)] = dealt % k
            dealt += 1
    return folds


def snippet_folds(table: FiringTable, k: int, seed: int = 0) -> tuple[dict[str, int], np.ndarray]:
    """Folds of the table's items, and the fold of each snippet (its item's)."""
    tier_of = {s.item: s.tier for s in table.snippets}
    folds = assign_folds(list(tier_of), list(tier_of.values()), k, seed)
    return folds, np.array([folds[s.item] for s in table.snippets], dtype=int)


@dataclass(frozen=True)
class CrossValidation:
    folds: tuple[dict[str, int], ...]  # per repetition: item -> fold
    held_out: tuple[float, ...]  # the Average of each fold's selection on that fold's items (all repetitions)
    always_no: tuple[float, ...]  # the Average of answering no on each fold's items, for reference
    selections: tuple[Selection, ...]

    @property
    def mean(self) -> float:
        return float(np.mean(self.held_out))

    @property
    def sd(self) -> float:
        """Spread over folds (not the standard error of the mean)."""
        return float(np.std(self.held_out, ddof=1)) if len(self.held_out) > 1 else 0.0

    def chosen_in(self, rule: str) -> int:
        """In how many folds the search chose this rule."""
        return sum(rule in s.rules for s in self.selections)


def cross_validate(tables: Mapping[str | None, FiringTable], k: int = 5, seed: int = 0, repeats: int = 1,
                   **search) -> CrossValidation:
    """Grouped K-fold: the whole search on the training items, its choice scored on the held-out items;
    `repeats` times with fold seeds seed, seed+1, ... (a held-out figure from one fold split moves with it)."""
    first = next(iter(tables.values()))
    nothing = np.zeros((1, len(first.rules)), dtype=bool)
    splits, held_out, always_no, selections = [], [], [], []
    for repeat in range(repeats):
        folds, fold_of = snippet_folds(first, k, seed + repeat)
        splits.append(folds)
        for fold in range(k):
            train, test = (fold_of != fold).astype(float), (fold_of == fold).astype(float)
            chosen = select_over(tables, train, **search)
            table = tables[chosen.threshold]
            held_out.append(table.evaluate(chosen.rules, test))
            always_no.append(float(first.averages(first.subset_metrics(nothing), test)[0]))
            selections.append(chosen)
    return CrossValidation(tuple(splits), tuple(held_out), tuple(always_no), tuple(selections))
