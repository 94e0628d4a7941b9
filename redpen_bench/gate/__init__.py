"""The gate every corpus passes before it is used: killability, integrity, distinctness, keyword fixtures
(corpus/FORMAT.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING

from redpen_bench.errors import InputError
from redpen_bench.gate import generated as gen
from redpen_bench.gate.integrity import run_integrity
from redpen_bench.gate.killability import run_killability
from redpen_bench.model.corpus import Corpus
from redpen_bench.run.executor import Executor
from redpen_bench.run.progress import Progress, no_progress

if TYPE_CHECKING:
    from redpen_bench.gate.distinctness import Distinctness


@dataclass(frozen=True)
class GateLimits:
    """The gate's thresholds (FORMAT.md gives the defaults and what each one guards)."""

    max_similarity: float = 0.90  # two items' originals: one template above it
    max_overlap: float = 1 / 3  # identifier Jaccard of disguised and original
    max_disguise_similarity: float = 0.75  # structural similarity of disguised and original: a rename above it
    max_domain_overlap: float = 0.25  # domain-word Jaccard of two items' defective variants
    min_clean_intent: float = 0.8  # clean.py's docstring words against fixed.py's
    min_fixtures: int = 3  # natural explanations per defective variant
    min_fixture_recall: float = 0.9  # keyword recall each of them must reach
    min_generic: int = 5  # generic explanations in the corpus
    max_generic_recall: float = 0.3  # their mean keyword recall over every defective variant


@dataclass
class GateReport:
    items: int
    snippets: int
    killable: int
    distinct: int
    intact: int
    keyword_variants: int = 0
    keyword_passing: int = 0
    failures: list[dict] = field(default_factory=list)  # {"item", "check", "reason"}
    most_similar: dict | None = None
    closest_disguise: dict | None = None
    closest_domains: dict | None = None
    keywords: dict = field(default_factory=dict)  # fixture recall, fixture site F1, generic recall
    notes: list[str] = field(default_factory=list)  # checks skipped, and why

    @property
    def passed(self) -> bool:
        return not self.failures

    def summary_line(self) -> str:
        keywords = (f"{self.keyword_passing}/{self.keyword_variants} keyword fixtures pass" if self.keyword_variants
                    else "keyword fixtures not checked")  # never "0/0 pass": the notes say why
        return (f"{self.killable}/{self.items} killable · {self.distinct}/{self.items} structurally distinct · "
                f"{self.intact}/{self.snippets} snippets intact · {keywords}")

    def to_json(self) -> dict:
        return {
            "passed": self.passed,
            "counts": {"items": self.items, "snippets": self.snippets, "killable": self.killable,
                       "distinct": self.distinct, "intact": self.intact,
                       "keyword_variants": self.keyword_variants, "keyword_passing": self.keyword_passing},
            "failures": self.failures,
            "most_similar": self.most_similar,
            "closest_disguise": self.closest_disguise,
            "closest_domains": self.closest_domains,
            "keywords": self.keywords,
        } | ({"notes": self.notes} if self.notes else {})


def verify(
    corpus: Corpus, timeout: float = 10.0, jobs: int | None = None, limits: GateLimits | None = None,
    killability: bool = True, items: Sequence[str] | None = None, executor: Executor | None = None,
    progress: Progress = no_progress,
) -> GateReport:
    """Every check on every item, or on `items` only: those items' killability, integrity and keyword fixtures
    (the generic explanations' mean recall over their variants), and distinctness against the whole corpus
    (a new item must differ from every other one), failures kept only where a chosen item takes part."""
    # numpy and pandas load here, not with the package: `compare` runs the integrity check alone
    from redpen_bench.gate.distinctness import Distinctness, run_distinctness
    from redpen_bench.gate.keyword_fixtures import FixtureReport, run_keyword_fixtures

    limits = limits or GateLimits()
    whole, corpus = corpus, _only(corpus, items)
    generated = gen.is_generated(corpus)
    failures, notes, killable = _killability(corpus, generated, killability, timeout, jobs, executor, progress)
    problems, intact = run_integrity(corpus)
    failures += _failures("integrity", problems)
    if generated:
        distinct = Distinctness([], {}, None)
    else:
        distinct = run_distinctness(whole, limits.max_similarity, limits.max_overlap,
                                    limits.max_disguise_similarity, limits.max_domain_overlap,
                                    limits.min_clean_intent)
        if distinct.most_similar is None:
            notes.append("no most similar pair: the corpus has fewer than two items to compare")
    chosen = {item.id for item in corpus.items}
    found, not_distinct = _distinctness_failures(whole, distinct, chosen, limits)
    failures += found
    fixtures = FixtureReport()  # min_fixtures 0: a corpus without fixtures (converted from elsewhere)
    if not limits.min_fixtures and not generated:  # a generated corpus's note says it already
        notes.append("keyword fixtures skipped: min_fixtures is 0 (verify --min-fixtures 0), so no natural or "
                     "generic explanation was checked against the keyword lists")
    if limits.min_fixtures and not generated:
        fixtures = run_keyword_fixtures(corpus, limits.min_fixtures, limits.min_fixture_recall,
                                        limits.max_generic_recall, limits.min_generic)
    failures += _failures("keywords", fixtures.failures)
    not_distinct &= chosen
    most, disguise, domains = distinct.most_similar, distinct.closest_disguise, distinct.closest_domains
    return GateReport(
        items=len(corpus.items), snippets=len(corpus.snippets),
        killable=killable if killability else len(corpus.items),
        distinct=len(corpus.items) - len(not_distinct), intact=intact,
        keyword_variants=fixtures.variants, keyword_passing=fixtures.passing, failures=failures,
        most_similar={"items": [most[0], most[1]], "similarity": most[2]} if most else None,
        closest_disguise={"item": disguise[0], "similarity": disguise[1]} if disguise else None,
        closest_domains={"variants": [domains[0], domains[1]], "overlap": domains[2],
                         "words": sorted(_words(whole, domains[0]) & _words(whole, domains[1]))} if domains else None,
        keywords={"fixture_recall": fixtures.fixture_recall, "fixture_site_f1": fixtures.fixture_site_f1,
                  "generic_recall": fixtures.generic_recall, "limits": asdict(limits)},
        notes=notes,
    )


def _failures(check: str, found: Mapping[str, Sequence[str]]) -> list[dict]:
    """One failure per reason, item by item."""
    return [{"item": item_id, "check": check, "reason": reason} for item_id, reasons in found.items()
            for reason in reasons]


def _killability(corpus: Corpus, generated: bool, killability: bool, timeout: float, jobs: int | None,
                 executor: Executor | None, progress: Progress = no_progress) -> tuple[list[dict], list[str], int]:
    """(failures, notes, items killable as expected): a generated corpus's items whose project is absent count
    as killable (they were killed when made) and its duplicate mutants fail integrity, before any kill check."""
    failures: list[dict] = []
    notes: list[str] = []
    killable, checked = 0, corpus
    if generated:
        checked, notes = gen.without_absent_projects(corpus)
        killable = len(corpus.items) - len(checked.items)
        notes.append(gen.SKIPPED_CHECKS)
        failures += _failures("integrity", gen.duplicate_mutants(corpus))
    if killability:
        found = run_killability(checked, timeout, jobs, in_workers=generated, executor=executor, progress=progress)
        for item_id, results in found.items():
            bad = [r for r in results if not r.as_expected]
            killable += not bad
            failures += _failures("killability", {item_id: [r.reason() for r in bad]})
    return failures, notes, killable


def _distinctness_failures(whole: Corpus, distinct: Distinctness, chosen: set[str], limits: GateLimits
                           ) -> tuple[list[dict], set[str]]:
    """The distinctness failures of the chosen items (a pair fails both of its items), and every item in a
    failing pair or with a failure of its own."""
    failures: list[dict] = []
    not_distinct: set[str] = set()
    for a, b, ratio in distinct.pair_failures:
        not_distinct |= {a, b}
        failures += [{"item": item_id, "check": "distinctness", "reason":
                      f"same template as {other}: structural similarity {ratio:.3f} > {limits.max_similarity:.2f}"}
                     for item_id, other in ((a, b), (b, a)) if item_id in chosen]
    for a, b, overlap in distinct.domain_failures:
        shared = ", ".join(sorted(_words(whole, a) & _words(whole, b)))
        for one, other in ((a, b), (b, a)):
            item_id = one.split("/")[0]
            if item_id not in chosen:
                continue
            not_distinct.add(item_id)
            failures.append({"item": item_id, "check": "distinctness", "reason":
                             f"{one} shares its domain with {other}: identifier-word Jaccard {overlap:.2f} > "
                             f"{limits.max_domain_overlap:.2f}; words in both: {shared}"})
    for item_id, found in distinct.item_failures.items():
        if item_id in chosen:
            not_distinct |= {item_id} if found else set()
            failures += _failures("distinctness", {item_id: found})
    return failures, not_distinct


def _only(corpus: Corpus, items: Sequence[str] | None) -> Corpus:
    if not items:
        return corpus
    known = {item.id for item in corpus.items}
    unknown = [i for i in items if i not in known]
    if unknown:
        raise InputError(f"--items: no item '{unknown[0]}' in {corpus.root}")
    wanted = set(items)
    return replace(corpus, items=tuple(item for item in corpus.items if item.id in wanted))


def _words(corpus: Corpus, variant: str) -> frozenset[str]:
    """The domain words of "item/variant"."""
    from redpen_bench.gate.distinctness import domain_words

    item_id, name = variant.split("/")
    return domain_words(corpus.item(item_id).file(name))
