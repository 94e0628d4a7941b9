"""The pruned pair search of the distinctness gate finds exactly the pairs above the limit that the full
comparison finds, and the same most similar pair."""

from __future__ import annotations

import difflib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.gate import pairs
from redpen_bench.gate.distinctness import run_distinctness, structure
from redpen_bench.model.corpus import load_corpus


def full_comparison(sequences, limit):
    """The unpruned loop the search replaced: every pair in full, a strictly higher ratio takes the lead."""
    over, best = [], None
    for (i, a), (j, b) in itertools.combinations(enumerate(sequences), 2):
        value = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
        if best is None or value > best[2]:
            best = (i, j, value)
        if value > limit:
            over.append((i, j, value))
    return over, best


def lcs_table(a, b) -> int:
    previous = [0] * (len(b) + 1)
    for x in a:
        row = [0]
        for j, y in enumerate(b):
            row.append(previous[j] + 1 if x == y else max(previous[j + 1], row[j]))
        previous = row
    return previous[-1]


sequences = st.lists(st.text("abcd", max_size=14).map(tuple), min_size=0, max_size=9)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(sequences, st.sampled_from([0.0, 0.3, 0.5, 0.75, 0.9, 1.0]))
def test_search_finds_the_full_comparisons_pairs(seqs, limit):
    # a four-letter alphabet and short sequences: equal ratios and identical sequences are common
    found = pairs.search(seqs, limit)
    over, best = full_comparison(seqs, limit)
    assert found.over == over
    # the most similar pair of all, the first in pair order among equals: also when no pair is over the limit
    # and the bounds ruled every pair out (verify printed no most similar pair then)
    assert found.most_similar == best


@settings(max_examples=200, deadline=None)
@given(st.text("abcde", max_size=40), st.text("abcde", max_size=40))
def test_lcs_length_and_bounded_ratio(a, b):
    assert pairs.lcs_length(a, b) == lcs_table(a, b)
    exact = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
    for floor in (0.0, 0.4, 0.6, 0.8, 1.0):
        value = pairs.bounded_ratio(tuple(a), tuple(b), floor)
        assert value == exact if value > floor else exact <= value <= floor


@pytest.mark.slow
def test_shipped_corpus_same_pairs_as_the_full_comparison():
    corpus = load_corpus()
    seqs = [structure(item.file("original")) for item in corpus.items]
    found = pairs.search(seqs, 0.90)
    over, _ = full_comparison(seqs, 0.90)
    assert found.over == over
    result = run_distinctness(corpus)
    ids = [item.id for item in corpus.items]
    assert result.pair_failures == [(ids[i], ids[j], r) for i, j, r in over]


def test_copies_are_found():
    seqs = [structure(item.file("original")) for item in load_corpus().items[:8]]
    copies = [*seqs, seqs[2], seqs[5], seqs[2]]
    found = pairs.search(copies, 0.90)
    assert [(i, j) for i, j, _ in found.over] == [(2, 8), (2, 10), (5, 9), (8, 10)]
    assert found.most_similar[2] == 1.0


@pytest.mark.slow
def test_one_walk_gives_what_the_separate_walks_gave():
    """structure, identifiers and docstring words come from one parse now: the same as the three walks before."""
    import ast

    from redpen_bench.gate import distinctness

    def recursive(node):
        return (type(node).__name__, *(t for child in ast.iter_child_nodes(node) for t in recursive(child)))

    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for item in load_corpus().items:
        for path in sorted(item.folder.glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = {getattr(n, a) for n in ast.walk(tree) for a in ("id", "arg", "attr", "name")
                     if isinstance(getattr(n, a, None), str)}
            words = sum(len((ast.get_docstring(n) or "").split()) for n in ast.walk(tree) if isinstance(n, documented))
            assert distinctness.structure(path) == recursive(tree)
            assert distinctness.identifiers(path) == names - distinctness._IGNORED_NAMES
            assert distinctness.docstring_words(path) == words
