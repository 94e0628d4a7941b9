"""The report's leaderboard section: the ranked table of scores per tier with intervals, what a reader needs
before it (dropped intervals, the tiers, the threshold), and the four metrics per tier under it."""

from __future__ import annotations

from redpen_bench.report.blocks import Chart, Details, Heading, Para, Table, Text
from redpen_bench.report.data import METRIC_NAMES, THRESHOLD_REVIEWER, ReportData, pvalue
from redpen_bench.scoring.percent import interval, pct

INTRO = ("Each score is (detection + line F1 + keyword recall) / 3 − false-positive rate, per tier; Average is the "
         "mean of the tier scores. Brackets are 95 % bootstrap intervals over items.")
CLUSTERED = " over items.", " over source functions (a function's mutants are drawn together)."
MAX_TIER_INTERVALS = 6  # more tiers than this: the leaderboard's tier cells drop their intervals to stay readable
KEYWORD_NOTE = ("Keyword recall here is template-derived: a generated item's keyword groups are its operator's "
                "mechanism words plus the identifier words of the mutated statement (docs/mutate.md), not phrases "
                "curated against natural explanations as in a hand-written corpus; read it as a rough signal.")


def tier_label(tier: str) -> str:
    """easy -> Easy; an operator code stays as it is (AOR, not Aor)."""
    return tier[:1].upper() + tier[1:]


def intro(data: ReportData) -> str:
    return INTRO.replace(*CLUSTERED) if data.clusters else INTRO


def metric_names(data: ReportData) -> dict[str, str]:
    return METRIC_NAMES | {"keyword_recall": "Keyword recall (template)"} if data.generated else METRIC_NAMES


def _cell(value: float, low: float, high: float) -> Text:
    return Text(pct(value), interval(low, high), "num")


class _Shown:
    """Which of the leaderboard's optional columns this report has: a column nobody needs is left out."""

    def __init__(self, data: ReportData):
        self.samples = any(r.samples > 1 for r in data.rows)
        self.problems = any(r.unparsed or r.errors or r.missing for r in data.rows)
        self.lenient = any(r.lenient for r in data.rows)  # answers out of format, read by the lenient rules
        self.tier_intervals = len(data.tiers) <= MAX_TIER_INTERVALS

    def columns(self, data: ReportData) -> list[str]:
        return (["#", "Reviewer", *[f"{tier_label(t)} ({data.tier_items.get(t, 0)})" for t in data.tiers], "Average"]
                + ["± sd over samples"] * self.samples + ["vs next below"]
                + ["unparsed / errors / missing"] * self.problems + ["read leniently"] * self.lenient)


def leaderboard(data: ReportData) -> list:
    tests = {t.better: t for t in data.tests}
    shown = _Shown(data)
    rows = [_leaderboard_cells(data, rank, row, shown, tests.get(row.reviewer))
            for rank, row in enumerate(data.rows, 1)]
    classes = [_row_class(data, row) for row in data.rows]
    blocks: list = [Heading(2, "Leaderboard", "leaderboard"), Para(intro(data)), *_leaderboard_notes(data, shown)]
    blocks += [Table("leaderboard", shown.columns(data), rows, classes),
               Chart("leaderboard", "", "Average with intervals")]
    blocks.append(Details("The four metrics per tier, with 95 % intervals", [metrics_table(data)]))
    return blocks


def _leaderboard_cells(data: ReportData, rank: int, row, shown: _Shown, test) -> list[Text]:
    label = f"{row.reviewer} (structured: {row.structured})" if row.structured else row.reviewer
    cells = [Text(str(rank), cls="num"), Text(label, cls="name")]
    for tier in data.tiers:
        cell = row.tiers.get(tier)
        if cell is None or not shown.tier_intervals:
            cells.append(Text(pct(cell.value) if cell else "—", cls="num"))
        else:
            cells.append(_cell(cell.value, cell.low, cell.high))
    cells.append(_cell(row.average.value, row.average.low, row.average.high))
    if shown.samples:
        cells.append(Text(pct(row.average_sd) if row.samples > 1 else "", cls="num"))
    if test is None:
        cells.append(Text(""))
    else:
        mark = "different" if test.different else "not distinguishable"
        cells.append(Text(mark, f"p {pvalue(test.p_bootstrap, data.replicates)}", "diff" if test.different else "same"))
    if shown.problems:
        cells.append(Text(f"{row.unparsed} / {row.errors} / {row.missing}", cls="num"))
    if shown.lenient:
        cells.append(Text(str(row.lenient), cls="num"))
    return cells


def _row_class(data: ReportData, row) -> str:
    """baseline, and where the threshold is known: the threshold reviewer's row, or a row below it."""
    kind = ["baseline"] * row.baseline
    if data.threshold is not None and row.family == THRESHOLD_REVIEWER:
        kind.append("threshold")
    elif data.threshold is not None and row.average.value < data.threshold - 1e-12:
        kind.append("below")
    return " ".join(kind)


def _leaderboard_notes(data: ReportData, shown: _Shown) -> list[Para]:
    """What the reader needs before the table: dropped intervals, what the tiers are, the threshold."""
    notes = []
    if not shown.tier_intervals:
        notes.append(Para(f"With {len(data.tiers)} tiers, the tier columns show scores only; their intervals are in "
                          "the four metrics per tier below and in scores.csv."))
    if data.generated and data.legend:
        notes.append(Para("Tiers are mutation-operator families, weighed equally in the Average: "
                          f"{data.legend}.", "legend"))
    if data.generated:
        notes.append(Para(KEYWORD_NOTE, "keyword-note"))
    if data.threshold is not None:
        notes.append(Para(f"The threshold that matters is {THRESHOLD_REVIEWER}'s Average on this corpus, "
                          f"{pct(data.threshold)} %: below it, doing nothing wins.", "threshold"))
    else:
        notes.append(Para(f"{THRESHOLD_REVIEWER} is not among these runs: add it to see the threshold below which "
                          "doing nothing wins."))
    return notes


def metrics_table(data: ReportData) -> Table:
    labels = metric_names(data)
    names = list(labels)
    rows = []
    for row in data.rows:
        for tier, cells in row.metrics.items():
            rows.append([Text(row.reviewer, cls="name"), Text(tier)]
                        + [_cell(cells[m].value, cells[m].low, cells[m].high) for m in names])
    return Table("metrics", ["Reviewer", "Tier", *labels.values()], rows)
