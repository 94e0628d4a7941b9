"""Keyword fixtures: natural correct explanations must score as right answers, generic ones must not.

Each item's explanations.toml holds explanations of its defective variants written without seeing the keyword
lists; the corpus's generic-explanations.toml holds bug vocabulary with no item specifics. Together they pin
the keyword groups between "a right answer in ordinary words scores" and "a stuffed generic answer does not".
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from redpen_bench.model.corpus import Corpus
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
            hit_by_generic = [False] * len(variant.keywords)
            for text in generic:
                hits = group_hits(text, variant.keywords, mode)
                generic_recalls.append(sum(hits) / len(hits))
                hit_by_generic = [a or b for a, b in zip(hit_by_generic, hits)]
            for g, hit in enumerate(hit_by_generic):
                if hit:
                    groups_hit_by_generic.add((item.id, name, g))
            if generic and all(hit_by_generic):
                problems.append(f"{name}: every keyword group is hit by a generic explanation: none names the "
                                "item's own mechanism or consequence")
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
