"""The report's sections as blocks (blocks.py), built once from the report data. markdown.py and html.py only
render blocks, so both show the same text and the same numbers."""

from __future__ import annotations

import math

from redpen_bench.report.about import about_section
from redpen_bench.report.blocks import Chart, Code, Details, Heading, Para, Table, Text
from redpen_bench.report.data import METRIC_NAMES, THRESHOLD_REVIEWER, ReportData, pvalue, shorten
from redpen_bench.report.finding import sentences
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


def tests_section(data: ReportData) -> list:
    rows = [
        [Text(t.better, cls="name"), Text(t.worse, cls="name"), Text(pct(t.difference), cls="num"),
         Text(interval(t.low, t.high), cls="num"), Text(pvalue(t.p_bootstrap, data.replicates), cls="num"),
         Text(f"{t.mcnemar_b} / {t.mcnemar_c}", cls="num"), Text(pvalue(t.p_mcnemar), cls="num"),
         Text("yes" if t.different else "no", cls="diff" if t.different else "same")]
        for t in data.tests
    ]
    return [
        Heading(2, "Are neighbours in the ranking different?", "tests"),
        Para(f"Each reviewer against the next one down. Paired bootstrap ({data.replicates} "
             f"{'cluster' if data.clusters else 'item'} resamples, seed "
             f"{data.seed}, the same resamples for every reviewer): the 95 % interval of the difference in Average; "
             "two reviewers are called different only when it excludes zero. McNemar (exact): defective variants "
             "that only the higher (b) or only the lower (c) reviewer said yes to."),
        Table("tests", ["Higher", "Lower", "Δ Average", "95 % interval", "p (bootstrap)", "McNemar b / c",
                        "p (McNemar)", "Different?"], rows),
    ]


def differences(data: ReportData) -> list:
    blocks: list = [Heading(2, "Where they differ", "differ"), Heading(3, "Detection against false positives")]
    blocks.append(Para("Up is finding more defects, right is crying wolf more; the dotted diagonal is saying yes as "
                       "often to correct code as to defective code. Means over tiers, as the Average is."))
    blocks.append(Chart("detection-vs-fpr", "", "Detection against false-positive rate"))
    blocks.append(Table("detection-fpr", ["Reviewer", "Detection", "FPR"], [
        [Text(r.reviewer, cls="name"), Text(pct(r.detection_mean), cls="num"), Text(pct(r.fpr_mean), cls="num")]
        for r in data.rows]))
    if not data.operators.empty:
        blocks += [Heading(3, "Per operator"),
                   Para("Score on the items of each mutation-operator family (items with two operators count under "
                        "both; the number of items under each name)."
                        + ("" if data.generated or not data.legend else f" Codes: {data.legend}."), "legend"),
                   Chart("operators", "", "Score per operator and reviewer"),
                   _grid("operators", data.operators, [f"{c} ({data.operator_items.get(c, 0)})"
                                                       for c in data.operators.columns])]
    grid = data.variants
    if not grid.empty and {"original", "disguised"} <= set(grid.columns):
        blocks += [Heading(3, "Original against disguised"),
                   Para("Share answered yes per variant. A reviewer that finds the original but not the disguised "
                        "twin (same mechanism, other domain and names) leans on surface familiarity. On fixed and "
                        "clean, yes is a false positive."),
                   Chart("original-vs-disguised", "", "Detection on original and disguised variants")]
        rows = []
        for reviewer, values in grid.iterrows():
            drop = values["original"] - values["disguised"]
            rows.append([Text(reviewer, cls="name")] + [Text(pct(values[c]), cls="num") for c in grid.columns]
                        + [Text(pct(drop), cls="num")])
        blocks.append(Table("variants", ["Reviewer", *grid.columns, "original − disguised"], rows))
    blocks += missed_section(data) + false_positive_section(data)
    return blocks


def _grid(table_id: str, grid, columns: list[str]) -> Table:
    rows = [[Text(reviewer, cls="name")] + [Text(pct(v), cls="num") for v in values]
            for reviewer, values in grid.iterrows()]
    return Table(table_id, ["Reviewer", *columns], rows)


def missed_section(data: ReportData) -> list:
    blocks: list = [Heading(3, "Defects no reviewer caught", "missed")]
    if not data.reviewed_by_tools:
        return [*blocks, Para("Only baselines ran: there is no reviewer to miss anything.")]
    blocks.append(Para("Items with a defective variant that no reviewer other than the baselines caught (said yes and "
                       "named a planted line). The last column lists who said yes there without naming one."))
    if not data.missed:
        return [*blocks, Para("None: every defective variant was caught by at least one reviewer.")]
    if all(m.defective == 1 for m in data.missed):  # a generated item's one defective variant: "0 of them" misleads
        blocks.append(Para(f"{len(data.missed)} items, each with one defective variant."))
    else:
        every = sum(m.everywhere for m in data.missed)
        blocks.append(Para(f"{len(data.missed)} items, {every} of them missed in every defective variant."))
    rows = [[Text(m.item, cls="name"), Text(m.tier), Text("+".join(m.operators)), Text(m.title),
             Text(", ".join(m.variants)), Text(", ".join(m.said_yes_elsewhere) or "—")] for m in data.missed]
    return [*blocks, Table("missed", ["Item", "Tier", "Operators", "Defect", "Missed in", "Said yes, no line"], rows)]


def false_positive_section(data: ReportData) -> list:
    blocks: list = [Heading(3, "False positives", "false-positives")]
    if not data.false_positives and any(r.mostly_unparsed for r in data.rows):
        return [*blocks, Para("No reviewer gave answers that could be read; baselines' false positives are by "
                              "construction.")]
    if not data.false_positives:
        return [*blocks, Para("Only baselines ran; their false positives are by construction.")]
    blocks.append(Para("Controls (fixed and clean variants: correct code) each reviewer said yes to, with the "
                       "lines it flagged. Baselines are left out: their false positives are by construction. "
                       "verdicts.jsonl holds every answer in full."))
    clean = [r for r, fp in data.false_positives.items() if fp.total == 0]
    if clean:
        blocks.append(Para(f"No false positive: {', '.join(clean)}."))
    for reviewer, fp in data.false_positives.items():
        if fp.total == 0:
            continue
        inner: list = []
        for flag in fp.shown:
            caption = f"{flag.rel_path}"
            if not flag.n_lines:
                caption += " (no line named)"
            elif flag.n_lines > len(flag.lines):
                caption += f" ({flag.n_lines} lines named, first {len(flag.lines)} shown)"
            inner.append(Code(caption, flag.lines, flag.explanation))
        if fp.total > len(fp.shown):
            inner.append(Para(f"… and {fp.total - len(fp.shown)} more in verdicts.jsonl."))
        blocks.append(Details(f"{reviewer}: {fp.total} of {fp.controls} controls flagged", inner))
    return blocks


def rules_section(data: ReportData) -> list:
    if data.rules is None or data.rules.empty:
        return []
    blocks: list = [Heading(2, "Analyzer rules", "rules"),
                    Para("Which rules fire on defective variants and which on controls (counts of snippets), and how "
                         "many of their findings on defective variants cover a planted line. A useful rule fires on "
                         "defects, at the planted line, and not on controls. Top rules per tool: the rules that "
                         "fire on the most defective variants, over all the tool's profiles.")]
    for tool, top in data.top_rules.items():
        blocks += [Heading(3, f"Top rules: {tool}"), _frame_table(f"rules-{tool}", top)]
    blocks.append(Details("Every rule that fired", [_frame_table("rules", data.rules)]))
    return blocks


RULE_LABELS = {
    "reviewer": "Reviewer", "rule": "Rule", "fires_defective": "Fires on defective",
    "fires_control": "Fires on controls",
    "snippets_defective": "of defective", "snippets_control": "of controls", "line_hits": "Planted-line hits",
    "line_hit_rate": "Line-hit rate (%)", "defective_share": "Share on defective (%)", "profiles": "Profiles",
    "example": "Example message", "example_at": "Example at",
}


def _frame_table(table_id: str, frame) -> Table:
    """A rule table: counts as integers, rates and shares as percentages."""
    def show(column: str, value) -> Text:
        if column.endswith(("_rate", "_share")):
            return Text(pct(float(value)), cls="num")
        if column in ("reviewer", "rule"):
            return Text(str(value), cls="name")
        if isinstance(value, int | float) and not isinstance(value, bool):
            return Text("—" if math.isnan(value) else f"{value:g}", cls="num")
        return Text(str(value))

    columns = [str(c) for c in frame.columns]
    rows = [[show(c, v) for c, v in zip(columns, row)] for row in frame.itertuples(index=False)]
    return Table(table_id, [RULE_LABELS.get(c, c) for c in columns], rows)


def cost_section(data: ReportData) -> list:
    if data.cost.empty:
        return []
    labels = {"answers": "Answers", "input_tokens": "Input tokens", "output_tokens": "Output tokens",
              "cost_usd": "Cost (USD)", "latency_median_s": "Median latency (s)", "latency_p90_s": "p90 latency (s)"}
    rows = []
    for reviewer, values in data.cost.iterrows():
        cells = [Text(reviewer, cls="name")]
        for column in data.cost.columns:
            value = values[column]
            if value is None or (isinstance(value, float) and math.isnan(value)):
                cells.append(Text("—", cls="num"))
            elif column == "cost_usd":
                cells.append(Text(f"{value:.4f}", cls="num"))
            elif column.startswith("latency"):
                cells.append(Text(f"{value:.2f}", cls="num"))
            else:
                cells.append(Text(f"{int(value):,}", cls="num"))
        rows.append(cells)
    return [Heading(2, "Cost", "cost"),
            Para("Tokens and money as the reviewers reported them (money only where the model is priced); "
                 "latency per answer, cached answers included."),
            Table("cost", ["Reviewer", *[labels.get(c, c) for c in data.cost.columns]], rows)]


def unparsed_warnings(data: ReportData) -> list[str]:
    """A reviewer whose answers were mostly unparsed, said beside the headline: its figures are those of a
    reviewer that said no to everything, and nothing in the report presents it as a result."""
    out = []
    for row in data.rows:
        if not row.mostly_unparsed:
            continue
        prompt = ((data.reviewers.get(row.reviewer, {}).get("info") or {}).get("prompt") or {}).get("name")
        check = f"the prompt ({prompt})" if prompt else "the prompt the answers were given"
        text = (f"Warning: {row.reviewer} answered in a form that could not be read {row.unparsed} times out of "
                f"{row.answers}: counted as no, its figures measure its answer format, not its review, so it is "
                f"left out of the finding and the false positives. Check {check} against its answers, or ask for "
                f"structured output (--structured).")
        if row.unparsed_example:
            text += f" One answer: {shorten(' '.join(row.unparsed_example.split()), 200)}"
        out.append(text)
    return out


def build(data: ReportData, charts: dict[str, str]) -> tuple[str, list]:
    """(title, blocks); chart blocks get their SVG, and those without one are dropped."""
    title = f"Red-Pen comparison: {data.corpus['name']} {data.corpus['hash'][:12]}"
    headline = [Para(text, "finding") for text in sentences(data.finding, pct, interval)]
    headline += [Para(text, "warning") for text in unparsed_warnings(data)]
    blocks = (headline + leaderboard(data) + tests_section(data) + differences(data) + rules_section(data)
              + cost_section(data) + about_section(data))
    for block in blocks:
        if isinstance(block, Chart):
            block.svg = charts.get(block.name, "")
    return title, [b for b in blocks if not (isinstance(b, Chart) and not b.svg)]
