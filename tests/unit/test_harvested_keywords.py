"""Validity of harvested items' answer keys: blind explanations of real fixes earn the keywords, wrong ones do not.

tests/fixtures/harvested_explanations holds, for each item `redpen-bench harvest` kept from real public
histories, its original.py and fixed.py (the excerpts at the fix's parent and at the fix) and, in
explanations.toml, three explanations written without seeing the keyword groups or the vocabularies: natural
(what a good reviewer says), terse, and generic (names neither the mechanism nor an identifier). README.md there
says how they were made. The groups are recomputed here by harvest's own path (diff.planted, items.keyword_groups)
from the two excerpts, and every answer is scored with the scorer's keyword rule. Items are split in a tune and a
held-out half (fixed in explanations.toml before any figure was computed); the figures are in docs/harvest.md.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from statistics import mean

from redpen_bench.harvest.diff import planted
from redpen_bench.harvest.items import keyword_groups
from redpen_bench.model.keywords import keyword_recall, normalise

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "harvested_explanations"
CORRECT = ("natural", "terse")


@cache
def cases() -> list[dict]:
    out = []
    for entry in tomllib.loads((FIXTURES / "explanations.toml").read_text(encoding="utf-8"))["item"]:
        folder = FIXTURES / "items" / entry["id"]
        before = (folder / "original.py").read_text(encoding="utf-8")
        after = (folder / "fixed.py").read_text(encoding="utf-8")
        found = planted(before, after)
        assert found is not None, entry["id"]
        out.append(entry | {"groups": keyword_groups(before, after, found, found.functions[0])})
    return out


def figures(half: str | None = None) -> dict[str, float]:
    """Mean keyword recall: each correct style, both together (natural), the item's own generic explanation,
    the corpus's generic explanations, and every other item's natural explanation (cross)."""
    corpus_generic = [
        e["text"]
        for e in tomllib.loads((ROOT / "corpus" / "generic-explanations.toml").read_text(encoding="utf-8"))[
            "explanation"
        ]
    ]
    every = cases()
    chosen = [c for c in every if half in (None, c["half"])]
    row: dict[str, float] = {"items": len(chosen)}
    for style in (*CORRECT, "generic"):
        row[style] = mean(keyword_recall(c[style], c["groups"]) for c in chosen)
    row["correct"] = mean(keyword_recall(c[s], c["groups"]) for c in chosen for s in CORRECT)
    row["corpus_generic"] = mean(keyword_recall(t, c["groups"]) for c in chosen for t in corpus_generic)
    row["cross"] = mean(keyword_recall(o["natural"], c["groups"]) for c in chosen for o in every if o is not c)
    return row


def test_fixtures_cover_twenty_real_items_from_several_repositories():
    assert len(cases()) >= 20
    assert len({c["repository"] for c in cases()}) >= 3
    assert {c["half"] for c in cases()} == {"tune", "held-out"}
    for case in cases():
        assert all(case[style].strip() for style in (*CORRECT, "generic")), case["id"]
        assert case["groups"] and all(case["groups"]), case["id"]


def test_no_phrase_is_empty_once_normalised():
    """A docstring's closing quotes changed by a fix (tablib 01ac5e6) once gave the phrase '\"\"\"': it matches any
    text, and verify refuses the corpus."""
    for case in cases():
        assert all(normalise(p) for group in case["groups"] for p in group), case["id"]


def test_blind_natural_explanations_earn_the_keywords_and_generic_ones_do_not():
    """The goals issue 33 sets that the harvested keys meet: natural >= 0.9, generic <= 0.25 (the item's own
    generic explanation and the corpus's). Another item's natural explanation reaches 0.166 (goal 0.15, not
    met; docs/harvest.md): a regression past 0.2 means harvest's groups took on generic words again."""
    overall = figures()
    assert overall["natural"] >= 0.9, overall
    assert overall["generic"] <= 0.25, overall
    assert overall["corpus_generic"] <= 0.25, overall
    assert overall["cross"] <= 0.2, overall
    assert figures("held-out")["natural"] >= 0.9


if __name__ == "__main__":  # the table in docs/harvest.md
    print(f"{'half':10}{'items':>6}{'natural':>9}{'terse':>7}{'both':>6}{'generic':>9}{'corpus':>8}{'cross':>7}")
    for half in ("tune", "held-out", None):
        f = figures(half)
        print(
            f"{half or 'all':10}{f['items']:>6.0f}{f['natural']:>9.3f}{f['terse']:>7.3f}{f['correct']:>6.3f}"
            f"{f['generic']:>9.3f}{f['corpus_generic']:>8.3f}{f['cross']:>7.3f}"
        )
