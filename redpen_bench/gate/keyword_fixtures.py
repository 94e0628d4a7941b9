"""Keyword fixtures: natural correct explanations must score as right answers, generic ones must not.

Each item's explanations.toml holds explanations of its defective variants written without seeing the keyword
lists; the corpus's generic-explanations.toml holds bug vocabulary with no item specifics. Together they pin
the keyword groups between "a right answer in ordinary words scores" and "a stuffed generic answer does not".
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from redpen_bench.model.corpus import Corpus, Variant
from redpen_bench.model.keywords import DEFAULT_MODE, group_hits
from redpen_bench.scoring.scorer import site_f1

CORPUS_WIDE = "(corpus)"


@dataclass
class FixtureReport:
    variants: int = 0
    passing: int = 0
    fixture_recall: float | None = None  # mean over every fixture explanation
    fixture_site_f1: float | None = None  # mean site F1 of the lines the fixtures name
    generic_recall: float | None = None  # mean over generic explanations x defective variants
    failures: dict[str, list[str]] = field(default_factory=dict)


def _groups_text(group: tuple[str, ...]) -> str:
    return "[" + ", ".join(repr(p) for p in group[:4]) + (", ..." if len(group) > 4 else "") + "]"


def run_keyword_fixtures(
    corpus: Corpus, min_fixtures: int = 3, min_recall: float = 0.9, max_generic: float = 0.3,
    min_generic: int = 5, mode: str = DEFAULT_MODE,
) -> FixtureReport:
    report = FixtureReport()
    failures: dict[str, list[str]] = {}
    generic = corpus.generic_explanations
    if len(generic) < min_generic:
        failures.setdefault(CORPUS_WIDE, []).append(
            f"generic-explanations.toml holds {len(generic)} explanations; the check needs {min_generic}")
    recalls, f1s, generic_recalls = [], [], []
    groups_hit_by_generic: set[tuple[str, str, int]] = set()
    for item in corpus.items:
        problems = failures.setdefault(item.id, [])
        for name, variant in item.variants.items():
            if not variant.defective:
                continue
            report.variants += 1
            before = len(problems)
            fixtures = item.explanations.get(name, ())
            if len(fixtures) < min_fixtures:
                problems.append(f"{name}: {len(fixtures)} explanations in explanations.toml, need {min_fixtures}")
            said, fixture_recalls, fixture_f1s = _check_fixtures(name, variant, fixtures, min_recall, mode)
            problems += said
            recalls += fixture_recalls
            f1s += fixture_f1s
            said, recalls_of_generic, hit = _check_generic(name, variant, generic, mode)
            problems += said
            generic_recalls += recalls_of_generic
            groups_hit_by_generic.update((item.id, name, g) for g in hit)
            report.passing += len(problems) == before
    if generic_recalls:
        report.generic_recall = float(np.mean(generic_recalls))
        if report.generic_recall > max_generic:
            failures.setdefault(CORPUS_WIDE, []).append(
                f"generic explanations reach mean keyword recall {report.generic_recall:.2f} > {max_generic:.2f}: "
                f"{len(groups_hit_by_generic)} groups are hit by bug vocabulary alone")
    report.fixture_recall = float(np.mean(recalls)) if recalls else None
    report.fixture_site_f1 = float(np.mean(f1s)) if f1s else None
    report.failures = {k: v for k, v in failures.items() if v}
    return report


def _check_fixtures(name: str, variant: Variant, fixtures, min_recall: float,
                    mode: str) -> tuple[list[str], list[float], list[float]]:
    """A defective variant's fixture explanations scored: (problems, each one's keyword recall, each one's site
    F1). A problem: recall under `min_recall`, or lines named and none in a defect site."""
    problems, recalls, f1s = [], [], []
    for k, fixture in enumerate(fixtures):
        hits = group_hits(fixture.text, variant.keywords, mode)
        recall = sum(hits) / len(hits)
        recalls.append(recall)
        f1 = site_f1(fixture.lines, variant.sites, True)
        f1s.append(f1)
        if recall < min_recall:
            missed = "; ".join(f"group {g + 1} {_groups_text(variant.keywords[g])}"
                               for g, hit in enumerate(hits) if not hit)
            problems.append(f"{name}: explanation {k + 1} ({fixture.style}) scores recall {recall:.2f} "
                            f"< {min_recall:.2f}: misses {missed}")
        if fixture.lines and f1 == 0.0:
            sites = [sorted(site) for site in variant.sites]
            problems.append(f"{name}: explanation {k + 1} ({fixture.style}) names lines "
                            f"{list(fixture.lines)}, none in a defect site {sites}")
    return problems, recalls, f1s


def _check_generic(name: str, variant: Variant, generic, mode: str) -> tuple[list[str], list[float], list[int]]:
    """The corpus's generic explanations against a defective variant's groups: (a problem when together they
    hit every group, each one's recall, the groups some hit)."""
    hit_by_generic = [False] * len(variant.keywords)
    recalls = []
    for text in generic:
        hits = group_hits(text, variant.keywords, mode)
        recalls.append(sum(hits) / len(hits))
        hit_by_generic = [a or b for a, b in zip(hit_by_generic, hits)]
    problems = []
    if generic and all(hit_by_generic):
        problems.append(f"{name}: every keyword group is hit by a generic explanation: none names the "
                        "item's own mechanism or consequence")
    return problems, recalls, [g for g, hit in enumerate(hit_by_generic) if hit]
