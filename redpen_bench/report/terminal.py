"""The scored table and the rule table as the terminal shows them: the one leaderboard (`score`, `compare`,
`report`) and `rules`' table. Plain text (rich tables rendered without colour), percent through
scoring.percent."""

from __future__ import annotations

import io
from dataclasses import dataclass

from redpen_bench.model.outside_text import rich_text
from redpen_bench.report.data import THRESHOLD_REVIEWER, ReportData
from redpen_bench.reviewers.baselines import BASELINES
from redpen_bench.scoring.percent import interval, pct
from redpen_bench.scoring.scorer import ScoredTable, ranking
from redpen_bench.scoring.stats import Bootstrap


@dataclass
class Standing:
    """One reviewer's line of the leaderboard, from a scored table or from a report's data."""

    reviewer: str
    family: str
    tiers: dict[str, float | None]
    average: float | None
    average_sd: float | None
    samples: int
    unparsed: int
    errors: int
    interval: tuple[float, float] | None = None


def table_standings(table: ScoredTable, boot: Bootstrap | None = None) -> list[Standing]:
    """A scored table's reviewers in the report's order (scorer.ranking, baselines after the tools they tie with);
    with a bootstrap, each Average's 95 % interval. A reviewer named as a baseline is taken for one: a scored
    table knows names, not families."""
    entries = table.to_json()["reviewers"]
    order = ranking(table.summary["average"], last=set(BASELINES)) if len(table.summary) else []
    return [Standing(key, key if key in BASELINES else "", {t: entries[key]["tiers"].get(t, {}).get("score")
                                                          for t in table.tiers},
                     entries[key]["average"], entries[key]["average_sd"], entries[key]["samples"],
                     entries[key]["unparsed"], entries[key]["errors"], boot.interval(key) if boot is not None else None)
            for key in order]


def report_standings(data: ReportData) -> list[Standing]:
    """A report's reviewers in its ranking, with their intervals and families."""
    return [Standing(row.reviewer, row.family if row.baseline else "",
                     {t: row.tiers[t].value if t in row.tiers else None for t in data.tiers}, row.average.value,
                     row.average_sd, row.samples, row.unparsed, row.errors, (row.average.low, row.average.high))
            for row in data.rows]


def leaderboard_text(corpus: dict, tiers: tuple[str, ...], standings: list[Standing]) -> str:
    """Rank, reviewer, a column per tier, Average (± its sd over samples), its 95 % interval when known,
    unparsed and error rows; baselines dimmed, always-no's line closing the section above the threshold."""
    from rich.console import Console
    from rich.table import Table

    intervals = any(s.interval is not None for s in standings)
    grid = Table(title=rich_text(f"{corpus['name']} {corpus['hash'][:12]} ({corpus['items']} items)"))
    for name in ("#", "reviewer", *[t[:1].upper() + t[1:] for t in tiers], "Average",
                 *(["95 % interval"] if intervals else []), "unparsed / errors"):
        grid.add_column(name, justify="left" if name == "reviewer" else "right")
    for rank, s in enumerate(standings, 1):
        sd = f" ± {s.average_sd * 100:.1f}" if s.samples > 1 and s.average_sd is not None else ""
        shown = [interval(*s.interval)] if s.interval is not None else ["—"] if intervals else []
        style = "bold red" if s.family == THRESHOLD_REVIEWER else ("dim" if s.family else None)
        grid.add_row(str(rank), rich_text(s.reviewer), *[pct(s.tiers[t]) for t in tiers], pct(s.average) + sd, *shown,
                     f"{s.unparsed} / {s.errors}", style=style, end_section=s.family == THRESHOLD_REVIEWER)
    buffer = io.StringIO()
    Console(file=buffer, width=max(130, 64 + 8 * len(tiers)), force_terminal=False).print(grid)
    threshold = next((s.average for s in standings if s.family == THRESHOLD_REVIEWER), None)
    if threshold is not None:
        buffer.write(f"{THRESHOLD_REVIEWER}'s Average {pct(threshold)} % is the threshold: below it, doing nothing "
                     "wins.\n")
    return buffer.getvalue()


def rules_text(table) -> str:
    """The table as the terminal shows it: one line per rule, counts over their denominators."""
    from rich.console import Console
    from rich.table import Table

    grid = Table(caption="defective / control: snippets the rule fires on, of those answered; line hits: its "
                         "findings on defective snippets that cover a planted line; share: defective / (defective + "
                         "control)")
    for name, justify in (("reviewer", "left"), ("rule", "left"), ("defective", "right"), ("control", "right"),
                          ("line hits", "right"), ("share", "right"), ("example", "left")):
        grid.add_column(name, justify=justify, no_wrap=name != "example", overflow="ellipsis", max_width=60)
    for row in table.itertuples():
        hit_rate = "—" if row.findings_defective == 0 else f"{row.line_hit_rate * 100:.0f}%"
        grid.add_row(
            rich_text(row.reviewer), rich_text(row.rule),
            f"{row.fires_defective}/{row.snippets_defective}", f"{row.fires_control}/{row.snippets_control}",
            f"{row.line_hits}/{row.findings_defective} {hit_rate}", f"{row.defective_share * 100:.0f}%",
            rich_text(row.example),
        )
    buffer = io.StringIO()
    Console(file=buffer, width=160, force_terminal=False).print(grid)
    return buffer.getvalue()
