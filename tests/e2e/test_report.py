"""The comparison report: `redpen-bench compare` on the fixture corpus (baselines + ruff), every number in
report.html, report.md and scores.csv equal to `redpen-bench score --format json` as displayed, snippets and
answers escaped, and the same seed giving the same files."""

from __future__ import annotations

import csv
import html
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from redpen_bench.api import analyzer_specs
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import packaged_path
from redpen_bench.scoring.percent import pct
from tests.conftest import FIXTURE_CORPUS, ROOT, redpen_cmd
from tests.report_fixtures import EVIL_ANSWER, EVIL_CODE, EVIL_NAME, make_evil_report

BASELINES = ["always-no", "always-yes", "random", "oracle"]


def _run(args, cwd: Path, cache: Path, check: bool = True) -> subprocess.CompletedProcess:
    env = os.environ | {"REDPEN_CACHE": str(cache), "SEMGREP_ENABLE_VERSION_CHECK": "0"}
    result = subprocess.run([*redpen_cmd(), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """compare on the fixture corpus with ruff's profiles, as a user types it, in a fresh working folder."""
    work = tmp_path_factory.mktemp("work")
    cache = tmp_path_factory.mktemp("cache") / "cache.sqlite3"
    args = ["compare", "--corpus", str(FIXTURE_CORPUS), "--analyzers", "ruff", "--seed", "5", "--bootstrap", "300",
            "--name", "fixture"]
    result = _run(args, work, cache)
    report = work / result.stdout.strip().splitlines()[-1]
    manifest = json.loads((report / "manifest.json").read_text())
    run_dir = work / manifest["runs"][0]["path"]
    scored = json.loads(_run(["score", str(run_dir), "--corpus", str(FIXTURE_CORPUS), "--format", "json"],
                             work, cache).stdout)
    return {"work": work, "cache": cache, "args": args, "result": result, "report": report, "run_dir": run_dir,
            "scored": scored, "manifest": manifest}


class Tables(HTMLParser):
    """Every <table id=...> of a page: rows of (text, note) cells, notes being the small interval spans."""

    def __init__(self):
        super().__init__()
        self.tables: dict[str, list[list[tuple[str, str]]]] = {}
        self.tags: list[tuple[str, list]] = []
        self._table = None
        self._cell = None
        self._in_note = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))
        attrs = dict(attrs)
        if tag == "table":
            self._table = self.tables.setdefault(attrs.get("id", ""), [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = ["", ""]
        elif tag == "span" and attrs.get("class") == "note":
            self._in_note = True

    def handle_endtag(self, tag):
        if tag == "table":
            self._table = None
        elif tag in ("td", "th") and self._cell is not None:
            self._table[-1].append((self._cell[0].strip(), self._cell[1].strip()))
            self._cell = None
        elif tag == "span":
            self._in_note = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[1 if self._in_note else 0] += data


def _tables(path: Path) -> Tables:
    parser = Tables()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_compare_writes_every_file_and_prints_the_folder_last(compared):
    report = compared["report"]
    assert report == compared["work"] / "reports" / "fixture"
    for name in ("report.md", "report.html", "scores.csv", "verdicts.jsonl", "findings.sarif", "manifest.json"):
        assert (report / name).is_file(), name
    assert {p.stem for p in (report / "charts").glob("*.svg")} >= {"leaderboard", "detection-vs-fpr"}
    # the leaderboard on stderr, threshold marked
    threshold = pct(compared["scored"]["reviewers"]["always-no"]["average"])  # 18.5: t2 has no disguised variant
    assert f"always-no's Average {threshold} % is the threshold" in compared["result"].stderr
    keys = set(compared["scored"]["reviewers"])
    shipped = (packaged_path("analyzers") / "ruff").glob("*.toml")
    assert keys == set(BASELINES) | {f"ruff:{p.stem}" for p in shipped if not _written_by_tune(p)}
    manifest = compared["manifest"]
    assert manifest["corpus"]["hash"] == load_corpus(FIXTURE_CORPUS).hash
    assert manifest["bootstrap"] == {"replicates": 300, "seed": 5, "level": 0.95, "resample": "items within tier"}
    assert set(manifest["tool_versions"]) == {k for k in keys if k.startswith("ruff:")}
    rows = [json.loads(line) for line in (report / "verdicts.jsonl").read_text().splitlines()]
    assert len(rows) == len(keys) * len(load_corpus(FIXTURE_CORPUS).snippets)
    assert all("raw" in r for r in rows)


def test_html_leaderboard_and_metrics_equal_score_json(compared):
    scored = compared["scored"]["reviewers"]
    tiers = list(load_corpus(FIXTURE_CORPUS).tiers)
    tables = _tables(compared["report"] / "report.html").tables
    header, *rows = tables["leaderboard"]
    assert [cell[0] for cell in header[2:2 + len(tiers)]] == [f"{t.capitalize()} (1)" for t in tiers]
    assert len(rows) == len(scored)
    averages = []
    for row in rows:
        reviewer = row[1][0]
        entry = scored[reviewer]
        for i, tier in enumerate(tiers):
            assert row[2 + i][0] == pct(entry["tiers"][tier]["score"]), (reviewer, tier)
            assert re.fullmatch(r"\[-?\d+\.\d, -?\d+\.\d\]", row[2 + i][1])  # every score has its interval
        assert row[2 + len(tiers)][0] == pct(entry["average"]), reviewer
        averages.append(round(entry["average"], 9))
    assert averages == sorted(averages, reverse=True)  # ranked (equal Averages up to float noise)
    names = ["detection", "line_f1", "keyword_recall", "fpr", "score"]
    _, *metric_rows = tables["metrics"]
    assert len(metric_rows) == len(scored) * len(tiers)
    for row in metric_rows:
        reviewer, tier = row[0][0], row[1][0]
        for name, cell in zip(names, row[2:]):
            assert cell[0] == pct(scored[reviewer]["tiers"][tier][name]), (reviewer, tier, name)


def test_markdown_leaderboard_equals_score_json(compared):
    scored = compared["scored"]["reviewers"]
    text = (compared["report"] / "report.md").read_text()
    board = text.split("## Leaderboard")[1].split("\n\n| ")[1].split("\n\n")[0]
    lines = board.splitlines()[2:]
    assert len(lines) == len(scored)
    for line in lines:
        cells = [c.strip().strip("*") for c in line.strip("|").split(" | ")]
        reviewer = cells[1].replace("\\", "")
        values = [c.split(" ")[0] for c in cells[2:6]]
        tiers = [scored[reviewer]["tiers"][t]["score"] for t in ("easy", "medium", "hard")]
        assert values == [pct(x) for x in [*tiers, scored[reviewer]["average"]]], reviewer


def test_scores_csv_equals_score_json(compared):
    scored = compared["scored"]["reviewers"]
    with (compared["report"] / "scores.csv").open() as f:
        records = list(csv.DictReader(f))
    seen = set()
    for record in records:
        entry = scored[record["reviewer"]]
        if record["tier"] == "average":
            assert float(record["score"]) == pytest.approx(entry["average"], abs=5e-7)
            assert float(record["score_low"]) <= float(record["score"]) <= float(record["score_high"])
        else:
            for name in ("detection", "line_f1", "keyword_recall", "fpr", "score"):
                assert float(record[name]) == pytest.approx(entry["tiers"][record["tier"]][name], abs=5e-7)
        seen.add((record["reviewer"], record["tier"]))
    assert seen == {(r, t) for r in scored for t in ("easy", "medium", "hard", "average")}


def test_rerun_resumes_and_same_seed_gives_the_same_report(compared, tmp_path):
    first = compared["report"]
    kept = tmp_path / "first"
    shutil.copytree(first, kept)
    again = _run(compared["args"], compared["work"], compared["cache"])
    assert again.stdout.strip().splitlines()[-1] == "reports/fixture"
    assert "11/11" in compared["result"].stderr and "11/11" not in again.stderr  # resumed: nothing asked again
    for name in ("report.md", "report.html", "scores.csv", "verdicts.jsonl", "charts/leaderboard.svg",
                 "charts/detection-vs-fpr.svg"):
        assert (first / name).read_bytes() == (kept / name).read_bytes(), name
    # another seed: other intervals (and another run folder: random answers by seed)
    other = _run([*compared["args"][:-2], "--seed", "6", "--name", "seed6"], compared["work"], compared["cache"])
    other_dir = compared["work"] / other.stdout.strip().splitlines()[-1]
    assert (other_dir / "scores.csv").read_text() != (first / "scores.csv").read_text()
    assert len(list((compared["work"] / "runs").iterdir())) == 2


def test_no_machine_path_or_time_in_the_readable_files(compared):
    for name in ("report.md", "report.html", "scores.csv", "findings.sarif"):
        text = (compared["report"] / name).read_text()
        assert str(compared["work"]) not in text and str(Path.home()) + "/" not in text, name
        assert str(ROOT) not in text and str(FIXTURE_CORPUS) not in text, name
        assert not re.search(r"20\d\d-\d\d-\d\dT\d\d:\d\d", text), name


# --- escaping: a snippet holding markup, a reviewer answer holding a script, a reviewer name holding a tag ---

SAFE_TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "h4", "nav", "a", "p", "div",
             "table", "thead", "tbody", "tr", "th", "td", "span", "figure", "figcaption", "pre", "code", "blockquote",
             "details", "summary", "br",
             # matplotlib's SVG
             "svg", "g", "path", "defs", "clippath", "use", "text", "rect", "tspan", "polyline", "line", "circle",
             "lineargradient", "stop", "pattern", "mask"}


@pytest.fixture(scope="module")
def evil_report(tmp_path_factory):
    return make_evil_report(tmp_path_factory.mktemp("evil"))


def test_snippet_and_answer_markup_is_escaped_in_html(evil_report):
    page = (evil_report / "report.html").read_text()
    assert "<script" not in page.lower() and "<img" not in page.lower() and "<svg onload" not in page.lower()
    assert html.escape(EVIL_CODE) in page  # the flagged line is shown, as text
    assert html.escape(EVIL_ANSWER) in page  # the answer too
    assert html.escape(EVIL_NAME) in page
    parser = _tables(evil_report / "report.html")
    tags = {tag for tag, _ in parser.tags}
    assert tags <= SAFE_TAGS, tags - SAFE_TAGS
    handlers = [(tag, name) for tag, attrs in parser.tags for name, _ in attrs if name.lower().startswith("on")]
    assert handlers == []


def test_snippet_and_answer_markup_is_escaped_in_markdown_and_charts(evil_report):
    text = (evil_report / "report.md").read_text()
    outside_code = re.sub(r"```text\n.*?\n```", "", text, flags=re.DOTALL)
    assert EVIL_CODE in text  # inside a fenced block: literal, not markup
    for raw in ("<script", "<img", "<svg"):
        assert raw not in outside_code.lower(), raw
    for chart in (evil_report / "charts").glob("*.svg"):
        assert "<svg onload" not in chart.read_text(), chart.name


# --- input errors and discovery ---

def _written_by_tune(profile: Path) -> bool:
    """A profile `tune` left in the packaged folder (run at a clone's root, as docs/tune.md shows): not shipped."""
    from redpen_bench.tune.tuned_profile import HEADER_MARK

    return HEADER_MARK in profile.read_text(encoding="utf-8").split("\n", 1)[0]


def test_analyzer_profiles_are_discovered_from_the_shipped_files():
    root = packaged_path("analyzers")
    expected = {f"{tool.name}:{p.stem}" for tool in root.iterdir() if tool.is_dir() for p in tool.glob("*.toml")
                if not _written_by_tune(p)}
    assert set(analyzer_specs()) == expected and expected
    assert analyzer_specs("none") == []
    assert {s.split(":")[0] for s in analyzer_specs("ruff")} == {"ruff"}
    with pytest.raises(InputError, match="--analyzers: unknown"):
        analyzer_specs("nosuchtool")


def test_report_refuses_a_run_of_another_corpus(compared, tmp_path):
    other = tmp_path / "corpus"
    shutil.copytree(FIXTURE_CORPUS, other)
    (other / "items" / "t1-total" / "clean.py").write_text("def total(a, r):\n    return a * (1 + r)\n")
    result = _run(["report", str(compared["run_dir"]), "--corpus", str(other), "--out", str(tmp_path)],
                  tmp_path, compared["cache"], check=False)
    assert result.returncode == 2
    assert "manifest.json: field 'corpus.hash'" in result.stderr and "Traceback" not in result.stderr


def test_compare_refuses_a_corpus_that_fails_integrity(tmp_path):
    broken = tmp_path / "corpus"
    shutil.copytree(FIXTURE_CORPUS, broken)
    toml = broken / "items" / "t1-total" / "item.toml"
    toml.write_text(toml.read_text().replace("lines = [3]", "lines = [1]", 1))
    result = _run(["compare", "--corpus", str(broken), "--analyzers", "none"], tmp_path,
                  tmp_path / "cache.sqlite3", check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "integrity check failed: t1-total" in result.stderr
    assert not (tmp_path / "reports").exists()


def test_report_name_must_be_a_plain_folder_name(compared, tmp_path):
    result = _run(["report", str(compared["run_dir"]), "--corpus", str(FIXTURE_CORPUS), "--name", "../x"],
                  tmp_path, compared["cache"], check=False)
    assert result.returncode == 2 and "--name '../x'" in result.stderr


def test_default_compare_on_the_shipped_corpus_ranks_every_analyzer_profile(tmp_path):
    """The README's main job: no arguments but where to write; every shipped analyzer profile beside the four
    baselines, with intervals, always-no at 1/6 and the oracle at 1 on the balanced shipped corpus."""
    result = _run(["compare", "--out", "reports", "--name", "default", "--bootstrap", "200"], tmp_path,
                  tmp_path / "cache.sqlite3")
    report = tmp_path / result.stdout.strip().splitlines()[-1]
    rows = {row[1][0]: row for row in _tables(report / "report.html").tables["leaderboard"][1:]}
    assert set(rows) == set(BASELINES) | set(analyzer_specs())
    assert {s.split(":")[0] for s in analyzer_specs()} >= {"ruff", "pylint", "bandit", "semgrep"}
    average = 2 + len(load_corpus().tiers)
    assert rows["always-no"][average][0] == "16.7" and rows["oracle"][average][0] == "100.0"
    assert all(re.fullmatch(r"\[-?\d+\.\d, -?\d+\.\d\]", row[average][1]) for row in rows.values())
    assert "Traceback" not in result.stderr and "failed" not in result.stderr
