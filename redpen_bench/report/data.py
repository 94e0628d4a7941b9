"""Everything a report shows, gathered once (gather.py) from the scored table, the bootstrap and the run manifest.

Markdown, HTML, CSV and charts all render this one object, with the formatting functions below, so a number can
only differ between them if a renderer invents one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pandas as pd

from redpen_bench.model.verdict import mostly_unparsed
from redpen_bench.report.finding import Finding
from redpen_bench.reviewers import BASELINES
from redpen_bench.scoring import stats
from redpen_bench.scoring.metrics import LABELS

THRESHOLD_REVIEWER = "always-no"
MAX_TEXT = 400
METRIC_NAMES = LABELS  # each measure's label, as metrics.py declares it


def pvalue(p: float, replicates: int | None = None) -> str:
    if math.isnan(p):
        return "—"
    floor = 1.0 / replicates if replicates else 0.001
    if p < max(floor, 0.001):
        return f"< {max(floor, 0.001):.3f}"
    return f"{p:.3f}"


def shorten(text: str, limit: int = MAX_TEXT) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Cell:
    value: float
    low: float
    high: float


@dataclass
class Row:
    reviewer: str
    family: str
    tiers: dict[str, Cell]  # tier -> score with interval
    average: Cell
    average_sd: float
    samples: int
    unparsed: int
    errors: int
    missing: int
    metrics: dict[str, dict[str, Cell]]  # tier -> metric -> value with interval
    detection_mean: float  # mean over tiers, as the Average is: the scatter's coordinates
    fpr_mean: float
    lenient: int = 0  # answers read only by the parser's lenient rules
    answers: int = 0  # rows that are neither errors nor missing, unparsed ones included
    unparsed_example: str = ""  # one unparsed answer's raw text, for a reviewer whose answers mostly are
    structured: str = ""  # the structured-output mode its answers were asked with (--structured), if any

    @property
    def baseline(self) -> bool:
        return self.family in BASELINES

    @property
    def mostly_unparsed(self) -> bool:
        """Most of its answers could not be read: its figures measure its answer format, not its review, so the
        report never presents it as a result."""
        return mostly_unparsed(self.unparsed, self.answers)


@dataclass
class Flag:
    """A control a reviewer said yes to, with the lines it named."""

    item: str
    variant: str
    rel_path: str
    lines: list[tuple[int, str]]  # (line number, code), the first few named
    n_lines: int
    explanation: str


@dataclass
class FalsePositives:
    total: int
    controls: int  # controls the reviewer answered
    shown: list[Flag]


@dataclass
class Missed:
    """An item whose defective variants (some or all) no reviewer caught."""

    item: str
    variants: list[str]  # the variants missed, in corpus order
    tier: str
    operators: tuple[str, ...]
    title: str
    said_yes_elsewhere: list[str]  # reviewers who said yes on a missed variant but named no planted line
    defective: int = 0  # its defective variants the reviewers answered (a generated item has one)

    @property
    def everywhere(self) -> bool:
        """Missed in every defective variant it has."""
        return len(self.variants) == self.defective


@dataclass
class ReportData:
    corpus: dict
    tiers: tuple[str, ...]
    tier_items: dict[str, int]
    replicates: int
    seed: int
    rows: list[Row]  # in ranking order
    threshold: float | None  # always-no's Average on this corpus
    tests: list[stats.PairTest]
    operators: pd.DataFrame  # reviewer x operator score, ranking order
    operator_items: dict[str, int]
    variants: pd.DataFrame  # reviewer x variant share said yes
    missed: list[Missed]
    false_positives: dict[str, FalsePositives]
    cost: pd.DataFrame
    reviewers: dict[str, dict]  # key -> spec, family, info as the run manifest recorded them
    rules: pd.DataFrame | None = None
    top_rules: dict[str, pd.DataFrame] = field(default_factory=dict)
    generated: bool = False  # made by `redpen-bench mutate` (corpus.toml [generated])
    clusters: int = 0  # source-function clusters the bootstrap drew, summed over tiers; 0: it drew items
    obvious: int = 0  # generated items kept by `mutate --include-obvious` (item.toml [provenance] obvious)
    legend: str = ""  # each operator code present (a generated corpus's tiers too), with its name
    finding: Finding = field(default_factory=lambda: Finding(None))  # the headline

    @property
    def ranking(self) -> list[str]:
        return [r.reviewer for r in self.rows]

    def row(self, reviewer: str) -> Row:
        return next(r for r in self.rows if r.reviewer == reviewer)

    @property
    def reviewed_by_tools(self) -> list[str]:
        return [r.reviewer for r in self.rows if not r.baseline]
