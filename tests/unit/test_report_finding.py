"""The report states its finding: the headline's numbers are the report data's and the paired bootstrap's (the one
the tests section uses), and the leaderboard chart zooms to the reviewers, with the baselines as labelled
reference lines and the oracle's and always-yes's extremes outside its axis."""

from __future__ import annotations

import re

from redpen_bench.model.corpus import load_corpus
from redpen_bench.report import charts, document, html, markdown
from redpen_bench.report.gather import gather
from redpen_bench.scoring import stats
from redpen_bench.scoring.percent import interval, pct
from redpen_bench.scoring.scorer import score_rows
from tests.corpus_factory import make_corpus

REPLICATES = 300
MANIFEST = {"reviewers": {"gpt": {"family": "openai"}, "ruff:bugs": {"family": "ruff"}, "sloppy": {"family": "ruff"}}}


def _rows(corpus, reviewer: str, says_yes) -> list[dict]:
    rows = []
    for k, v in enumerate(corpus.snippets):
        yes = bool(says_yes(v, k))
        names = yes and reviewer != "always-yes"  # which names no line, as the real one
        rows.append({"reviewer": reviewer, "item": v.item_id, "variant": v.name, "sample": 0, "defect": yes,
                     "lines": list(v.planted_lines) if names and v.defective else [2] if names else [],
                     "explanation": "off-by-one at the limit, sign" if names else "", "error": None})
    return rows


def _corpus(tmp_path):
    return load_corpus(make_corpus(tmp_path / "c", {"easy": 8, "medium": 8, "hard": 6}))


def _report(corpus, reviewers: dict):
    rows = [row for name, says in reviewers.items() for row in _rows(corpus, name, says)]
    table = score_rows(rows, corpus)
    data = gather(table, corpus, MANIFEST, REPLICATES, 0)
    title, blocks = document.build(data, {})
    return table, data, markdown.render(title, blocks), html.render(title, blocks)


BASELINES = {
    "always-no": lambda v, k: False,
    "always-yes": lambda v, k: True,
    "oracle": lambda v, k: v.defective,
    "random": lambda v, k: k % 2 == 0,
}
LLM = {"gpt": lambda v, k: v.defective and k % 5 != 0}  # finds most defects, never cries wolf
ANALYZER = {"ruff:bugs": lambda v, k: (v.defective and k % 3 == 0) or (not v.defective and k % 11 == 0)}


def _first_paragraph(md: str) -> str:
    return md.split("\n\n")[1]


def test_the_headline_names_the_best_reviewer_and_the_paired_test_against_always_no(tmp_path):
    corpus = _corpus(tmp_path)
    table, data, md, page = _report(corpus, BASELINES | LLM | ANALYZER)
    best = next(r for r in data.rows if not r.baseline)
    assert best.reviewer == "gpt"
    # the very resamples the tests section draws: stats.bootstrap with the report's replicates and seed
    test = stats.pair_test(table, stats.bootstrap(table, REPLICATES, 0), "gpt", "always-no")
    assert test.low > 0
    expected = (f"Finding: the best reviewer other than the baselines is gpt, Average {pct(best.average.value)} % "
                f"{interval(best.average.low, best.average.high)}; by the paired bootstrap it beats always-no "
                f"({pct(data.threshold)} %): difference {pct(test.difference)} points, 95 % interval "
                f"{interval(test.low, test.high)}.")
    assert data.finding.vs_threshold == test
    assert _first_paragraph(md) == f"**{markdown.escape(expected)}**"  # first thing under the title
    assert f'<p class="finding">{expected}</p>' in page
    assert page.index('class="finding"') < page.index('id="leaderboard"')
    # both kinds ran: the gap between the best LLM and the best analyzer, by the same paired bootstrap
    gap = stats.pair_test(table, stats.bootstrap(table, REPLICATES, 0), "gpt", "ruff:bugs")
    assert data.finding.gap == gap and gap.different
    assert (f"Best LLM gpt against best analyzer ruff:bugs: {pct(gap.difference)} points, 95 % interval "
            f"{interval(gap.low, gap.high)} (a difference by the paired bootstrap).") in page


def test_an_analyzer_that_does_not_beat_doing_nothing_is_said_so(tmp_path):
    corpus = _corpus(tmp_path)
    weak = {"ruff:bugs": lambda v, k: (v.defective and k % 8 == 0) or (not v.defective and k % 13 == 0)}
    _, data, md, _ = _report(corpus, BASELINES | weak)
    test = data.finding.vs_threshold
    assert data.finding.best == "ruff:bugs" and test.low <= 0 <= test.high
    assert "it does not beat always-no (16.7 %)" in _first_paragraph(md)
    assert data.finding.gap is None and "Best LLM" not in md  # analyzers only: no gap to state


def test_only_baselines_or_no_always_no(tmp_path):
    corpus = _corpus(tmp_path)
    _, data, md, _ = _report(corpus, BASELINES)
    assert data.finding.best is None and _first_paragraph(md).startswith("**Finding: only baselines ran")
    _, data, md, _ = _report(corpus, {"oracle": BASELINES["oracle"]} | ANALYZER)
    assert data.finding.vs_threshold is None and "always-no is not among these runs" in _first_paragraph(md)


def _texts(svg: str) -> list[str]:
    return [re.sub(r"\s+", " ", t).strip() for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.DOTALL)]


def test_the_leaderboard_chart_draws_baselines_as_reference_lines_and_zooms_past_the_extremes(tmp_path):
    corpus = _corpus(tmp_path)
    sloppy = {"sloppy": lambda v, k: True if not v.defective else k % 4 == 0}  # far below doing nothing
    _, data, _, _ = _report(corpus, BASELINES | LLM | ANALYZER | sloppy)
    svg = charts.leaderboard(data)
    low, high = charts.leaderboard_window(data)
    value = {r.reviewer: r.average.value * 100 for r in data.rows}
    assert value["always-yes"] < low and high < value["oracle"] == 100  # the extremes squeeze nothing
    assert value["sloppy"] < low  # a reviewer far below always-no is drawn at the edge, with its value
    texts = _texts(svg)
    assert any(t.startswith(pct(value["sloppy"] / 100)) for t in texts)
    # every baseline is labelled with its Average: in the window a dashed or dotted line, beyond it at the edge
    inside = [r for r in data.rows if r.baseline and low <= value[r.reviewer] <= high]
    assert "always-no" in [r.reviewer for r in inside]
    assert len(re.findall(r'<g id="reference-\d+">\s*<path', svg)) == len(inside)
    for row in (r for r in data.rows if r.baseline):
        label = f"{row.reviewer} {pct(row.average.value)}"
        assert any(label in t for t in texts), label
    assert any(t.endswith("▶") and "oracle 100.0" in t for t in texts)
    assert any(t.startswith("◀") and "always-yes -50.0" in t for t in texts)
    # the baselines are not rows of the chart: its y labels are the other reviewers, best first
    ticks = [t for t in texts if t in value]
    assert ticks == [r.reviewer for r in data.rows if not r.baseline]


def test_a_reviewer_that_never_says_yes_is_never_the_best(tmp_path):
    """Issue 32 item 7: bandit flagged none of 1,344 snippets and was named "the best reviewer other than the
    baselines" at always-no's 16.7 %: its verdicts are always-no's. The best is the best reviewer that said yes."""
    corpus = _corpus(tmp_path)
    noisy = {"ruff:bugs": lambda v, k: not v.defective or k % 4 == 0}  # below always-no: cries wolf
    _, data, md, _ = _report(corpus, BASELINES | {"sloppy": lambda v, k: False} | noisy)
    ranked = [r.reviewer for r in data.rows if not r.baseline]
    assert ranked == ["sloppy", "ruff:bugs"]  # it ties always-no, above the noisy one
    assert data.finding.best == "ruff:bugs"
    assert "best reviewer other than the baselines is ruff:bugs" in _first_paragraph(md)
    # only such reviewers ran: nobody to judge, and the headline says why
    _, data, md, _ = _report(corpus, BASELINES | {"sloppy": lambda v, k: False})
    assert data.finding.best is None and data.finding.silent
    assert _first_paragraph(md) == ("**Finding: no reviewer other than the baselines said yes to any snippet: each "
                                    "answered as always-no does, so there is none to judge.**")


def test_score_and_report_show_one_order(tmp_path):
    """Issue 35 item 4: the terminal's leaderboard of `score` sorted by the raw Average, the report by scorer.ranking
    with baselines after the tools they tie with; both are now scorer.ranking's order."""
    from redpen_bench.report.terminal import report_standings, table_standings

    corpus = _corpus(tmp_path)
    table, data, _, _ = _report(corpus, BASELINES | {"quiet": lambda v, k: False} | ANALYZER)
    from_table = [s.reviewer for s in table_standings(table)]
    assert from_table == [s.reviewer for s in report_standings(data)]
    assert from_table.index("quiet") < from_table.index("always-no")  # equal Averages: the tool first
