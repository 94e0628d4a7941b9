"""The gate every corpus passes before it is used: killability, integrity, distinctness (corpus/FORMAT.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from redpen_bench.corpus import Corpus
from redpen_bench.gate.distinctness import run_distinctness
from redpen_bench.gate.integrity import run_integrity
from redpen_bench.gate.killability import run_killability


@dataclass
class GateReport:
    items: int
    snippets: int
    killable: int
    distinct: int
    intact: int
    failures: list[dict] = field(default_factory=list)  # {"item", "check", "reason"}
    most_similar: dict | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    def summary_line(self) -> str:
        return (f"{self.killable}/{self.items} killable · {self.distinct}/{self.items} structurally distinct · "
                f"{self.intact}/{self.snippets} snippets intact")

    def to_json(self) -> dict:
        return {
            "passed": self.passed,
            "counts": {"items": self.items, "snippets": self.snippets, "killable": self.killable,
                       "distinct": self.distinct, "intact": self.intact},
            "failures": self.failures,
            "most_similar": self.most_similar,
        }


def verify(
    corpus: Corpus, timeout: float = 10.0, jobs: int | None = None,
    max_similarity: float = 0.90, max_overlap: float = 1 / 3, killability: bool = True,
) -> GateReport:
    failures: list[dict] = []
    killable = 0
    if killability:
        for item_id, results in run_killability(corpus, timeout, jobs).items():
            bad = [r for r in results if not r.as_expected]
            killable += not bad
            failures += [{"item": item_id, "check": "killability", "reason": r.reason()} for r in bad]
    problems, intact = run_integrity(corpus)
    for item_id, found in problems.items():
        failures += [{"item": item_id, "check": "integrity", "reason": reason} for reason in found]
    distinct = run_distinctness(corpus, max_similarity, max_overlap)
    not_distinct = set()
    for a, b, ratio in distinct.pair_failures:
        not_distinct |= {a, b}
        for item_id, other in ((a, b), (b, a)):
            failures.append({"item": item_id, "check": "distinctness", "reason":
                             f"same template as {other}: structural similarity {ratio:.3f} > {max_similarity:.2f}"})
    for item_id, found in distinct.item_failures.items():
        not_distinct |= {item_id} if found else set()
        failures += [{"item": item_id, "check": "distinctness", "reason": reason} for reason in found]
    most = distinct.most_similar
    return GateReport(
        items=len(corpus.items), snippets=len(corpus.snippets),
        killable=killable if killability else len(corpus.items),
        distinct=len(corpus.items) - len(not_distinct), intact=intact, failures=failures,
        most_similar={"items": [most[0], most[1]], "similarity": most[2]} if most else None,
    )
