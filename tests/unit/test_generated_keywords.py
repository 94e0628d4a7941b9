"""Validity of generated items' answer keys: natural explanations earn the keywords, wrong ones do not.

tests/fixtures/generated_explanations/explanations.toml holds three explanations (terse, review, llm) of 122
generated items across every operator family, written by people who never saw the keyword lists (build.py
there says how). Each item's keyword groups come from the generator's own path (scan, excerpt, item.toml) and
every answer is scored with the scorer's keyword rule. Natural answers must reach a mean recall of 0.9; the
corpus's generic explanations (bug vocabulary with no item specifics) at most 0.25; another item's natural
explanation at most 0.15.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from functools import cache
from pathlib import Path
from statistics import mean

import pytest

from redpen_bench.generate import excerpt, items, operators
from redpen_bench.generate.units import Killed, Unit
from redpen_bench.model.keywords import keyword_recall

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "generated_explanations" / "explanations.toml"
STYLES = ("terse", "review", "llm")


@cache
def _mutants(source: str) -> dict[str, operators.Mutant]:
    text = (ROOT / "corpus" / source).read_text(encoding="utf-8")
    found = {m.key: m for m in operators.scan(text, include_obvious=True).mutants}
    return found | {"__text__": text}


def _mutant(source: str, key: str) -> operators.Mutant:
    found = _mutants(source)
    if key.startswith("HOM-"):
        first, second = key[4:].split("+")
        hom = operators.combine(found["__text__"], found[first], found[second])
        assert hom is not None, key
        return hom
    return found[key]


@cache
def cases() -> list[dict]:
    out = []
    for entry in tomllib.loads(FIXTURES.read_text(encoding="utf-8"))["item"]:
        mutant = _mutant(entry["source"], entry["key"])
        unit = Unit(entry["source"], ROOT / "corpus" / entry["source"], "x")
        killed = Killed(unit, mutant, (), False)
        snippet = excerpt.excerpt(unit.source, mutant)
        toml = tomllib.loads(items.item_toml(1, killed, snippet, entry["source"], 0, {}))
        groups = toml["variants"]["original"]["keywords"]
        out.append(entry | {"groups": groups, "obvious": mutant.obvious})
    return out


def figures() -> dict[str, dict[str, float]]:
    """Per family and overall: natural recall by style, generic and cross-item recall."""
    generic = [e["text"] for e in tomllib.loads(
        (ROOT / "corpus" / "generic-explanations.toml").read_text(encoding="utf-8"))["explanation"]]
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    all_cases = cases()
    for i, case in enumerate(all_cases):
        for family in (case["family"], "all"):
            for style in STYLES:
                rows[family][style].append(keyword_recall(case[style], case["groups"]))
            rows[family]["generic"] += [keyword_recall(text, case["groups"]) for text in generic]
            rows[family]["cross"] += [keyword_recall(other[style], case["groups"])
                                      for j, other in enumerate(all_cases) if j != i for style in STYLES]
    out = {}
    for family, columns in rows.items():
        natural = [v for style in STYLES for v in columns[style]]
        out[family] = {"items": len(columns["terse"]), "natural": mean(natural),
                       **{style: mean(columns[style]) for style in STYLES},
                       "generic": mean(columns["generic"]), "cross": mean(columns["cross"])}
    return out


def test_fixtures_cover_every_operator_family():
    assert {c["family"] for c in cases()} >= {"AOR", "ROR", "LCR", "UOI", "SDL", "CRP", "SIR", "EXS", "COD", "COI",
                                             "OSW", "RVR", "HOM"}
    assert len(cases()) >= 100


def test_every_item_has_a_group_of_its_own_subject():
    """The last group names what the defect is about (never empty, never only the mechanism)."""
    for case in cases():
        assert len(case["groups"]) >= 2 and case["groups"][-1], (case["source"], case["key"])


@pytest.mark.slow
def test_natural_explanations_earn_the_keywords_and_wrong_ones_do_not():
    overall = figures()["all"]
    assert overall["natural"] >= 0.9, overall
    assert overall["generic"] <= 0.25, overall
    assert overall["cross"] <= 0.15, overall


if __name__ == "__main__":  # the per-family table of the closing note
    table = figures()
    print(f"{'family':8}{'items':>6}{'natural':>9}{'terse':>7}{'review':>8}{'llm':>6}{'generic':>9}{'cross':>7}")
    for family, f in sorted(table.items(), key=lambda kv: (kv[0] == "all", kv[0])):
        print(f"{family:8}{f['items']:>6}{f['natural']:>9.3f}{f['terse']:>7.3f}{f['review']:>8.3f}{f['llm']:>6.3f}"
              f"{f['generic']:>9.3f}{f['cross']:>7.3f}")
