"""The report's sections as blocks (blocks.py), built once from the report data. markdown.py and html.py only
render blocks, so both show the same text and the same numbers. The leaderboard section is leaderboard.py's."""

from __future__ import annotations

import math

from redpen_bench.report.about import about_section
from redpen_bench.report.blocks import Chart, Code, Details, Heading, Para, Table, Text
from redpen_bench.report.data import ReportData, pvalue, shorten
from redpen_bench.report.finding import sentences
from redpen_bench.report.leaderboard import leaderboard
from redpen_bench.scoring.percent import interval, pct


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
