"""The sarif:PATH reviewer on hand-written logs (tests/fixtures/sarif), scored through the real pipeline."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redpen_bench import api
from redpen_bench.cli import main
from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers import parse_spec
from redpen_bench.reviewers.base import ReviewOptions, SpecError, Task
from redpen_bench.reviewers.tools.sarif import SarifReviewer
from redpen_bench.reviewers.tools.sarif_log import SarifError
from redpen_bench.reviewers.tools.sarif_uris import corpus_key
from redpen_bench.run.folder import RunFolder
from tests.conftest import FIXTURE_CORPUS as CORPUS

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "fixtures" / "sarif"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(CORPUS)


def run_sarif(corpus, log: Path, tmp_path: Path, **select) -> dict[tuple[str, str], dict]:
    result = api.run(corpus, [f"sarif:{log}"], out=tmp_path / "run",
                     options=ReviewOptions(cache=tmp_path / "cache.sqlite3"), **select)
    assert not result.failures
    return {(r.item, r.variant): r for r in RunFolder(result.path).rows()}


def test_every_uri_form_maps_and_unmentioned_snippets_are_no(corpus, tmp_path):
    rows = run_sarif(corpus, LOGS / "uri_forms.sarif", tmp_path)
    assert len(rows) == len(corpus.snippets) == 11
    said = {key: (row.defect, row.lines) for key, row in rows.items()}
    assert said == {
        ("t1-total", "original"): (True, [3]),  # artifact index, resolved through a chain of uriBaseIds
        ("t1-total", "disguised"): (True, [4]),  # file:///C:/... with %20
        ("t1-total", "fixed"): (True, [3]),  # a suppression under review still counts
        ("t1-total", "clean"): (False, []),  # baselineState absent
        ("t2-empty", "original"): (True, [2]),  # percent-encoded name
        ("t2-empty", "fixed"): (False, []),
        ("t2-empty", "clean"): (False, []),
        ("t3-guard", "original"): (True, [2, 3]),  # backslashes, endLine
        ("t3-guard", "disguised"): (True, [3, 4]),  # ./ and .., endColumn 1 ends the region a line early
        ("t3-guard", "fixed"): (False, []),  # accepted suppression
        ("t3-guard", "clean"): (False, []),  # kind "pass"
    }
    assert all(row.findings == [] for row in rows.values() if not row.defect)


def test_rule_message_and_level_come_from_the_rule_when_the_result_omits_them(corpus, tmp_path):
    rows = run_sarif(corpus, LOGS / "uri_forms.sarif", tmp_path)
    assert rows[("t1-total", "original")].to_dict()["findings"] == [{
        "line": 3, "end_line": 3, "rule": "EX100",
        "message": "'amount' plus 'rate': did you mean to multiply by the rate?", "severity": "error",
    }]
    assert rows[("t3-guard", "original")].findings[0].rule == "EX200"  # from rule.id / rule.index
    assert rows[("t1-total", "fixed")].findings[0].severity == "note"
    assert rows[("t3-guard", "original")].explanation == "EX200: negated comparison of the wrong field"


def test_scores_through_the_real_scorer(corpus, tmp_path):
    run_sarif(corpus, LOGS / "uri_forms.sarif", tmp_path)
    table = api.score([tmp_path / "run"], corpus).to_json()["reviewers"]
    tiers = table[f"sarif:{LOGS / 'uri_forms.sarif'}"]["tiers"]
    assert {t: tiers[t]["detection"] for t in tiers} == {"easy": 1.0, "medium": 1.0, "hard": 1.0}
    assert {t: tiers[t]["fpr"] for t in tiers} == {"easy": 0.5, "medium": 0.0, "hard": 0.0}
    assert tiers["easy"]["line_f1"] == pytest.approx(0.75)  # the false alarm on fixed names a line

    def f1(named: set[int], variant: str) -> float:
        planted = set(corpus.item("t3-guard").variants[variant].planted_lines)
        return 2 * len(named & planted) / (len(named) + len(planted))

    expected_hard = (f1({2, 3}, "original") + f1({3, 4}, "disguised") + 1 + 1) / 4  # two controls said no
    assert tiers["hard"]["line_f1"] == pytest.approx(expected_hard)


def test_several_runs_are_all_read_and_rules_keep_their_tool(corpus, tmp_path):
    rows = run_sarif(corpus, LOGS / "two_runs.sarif", tmp_path)
    yes = {key: row.to_dict()["findings"] for key, row in rows.items() if row.defect}  # as stored
    assert yes == {
        ("t1-total", "original"): [{  # reported twice in the log, one finding
            "line": 3, "end_line": 3, "rule": "Pyright:reportOperatorIssue",
            "message": 'Operator "+" on the tax rate', "severity": "error",
        }],
        ("t2-empty", "original"): [{  # rule in a tool extension; message from its shortDescription
            "line": 2, "end_line": 2, "rule": "CodeQL:py/division-by-len",
            "message": "Division by the length of a collection that may be empty", "severity": "warning",
        }],
    }
    manifest = RunFolder(tmp_path / "run").read_manifest()
    info = manifest["reviewers"][f"sarif:{LOGS / 'two_runs.sarif'}"]["info"]
    assert info["runs"] == [{"name": "CodeQL", "version": "2.19.0"}, {"name": "Pyright", "version": "1.1.380"}]
    assert info["sha256"] == hashlib.sha256((LOGS / "two_runs.sarif").read_bytes()).hexdigest()


def test_a_subset_of_items_is_answered_from_the_same_log(corpus, tmp_path):
    rows = run_sarif(corpus, LOGS / "two_runs.sarif", tmp_path, items=["t3-guard"])
    assert sorted(rows) == [("t3-guard", v) for v in ("clean", "disguised", "fixed", "original")]
    assert not any(row.defect for row in rows.values())  # the log covers the corpus: found nothing here


def cli_error(args: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1
    return err


@pytest.mark.parametrize(("log", "expected"), [
    ("outside.sarif", "no location in the log maps onto a corpus file items/<id>/<variant>.py"),
    ("malformed.sarif", "malformed JSON"),
    ("wrong_version.sarif", "field 'version': expected \"2.1.0\""),
])
def test_bad_logs_stop_the_run_with_one_line_naming_the_file(log, expected, tmp_path, capsys):
    err = cli_error(["run", "-r", f"sarif:{LOGS / log}", "--corpus", str(CORPUS), "--out", str(tmp_path / "r")],
                    capsys)
    assert str(LOGS / log) in err and expected in err
    assert not (tmp_path / "r" / "verdicts.jsonl").exists()


def test_outside_error_shows_the_paths_it_read(corpus):
    with pytest.raises(SarifError, match=r"file:///home/u/project/src/main.py"):
        _prepared(SarifReviewer(str(LOGS / "outside.sarif"), ReviewOptions()), corpus)


BASE = json.loads((LOGS / "uri_forms.sarif").read_text())


def _set(path: str, value):
    def mutate(log):
        *parents, last = path.split(".")
        target = log
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if value is KeyError:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value
    return mutate


@pytest.mark.parametrize(("mutate", "where"), [
    (_set("runs", KeyError), "'runs'"),
    (_set("runs", {"tool": {}}), "'runs': expected an array"),
    (_set("runs.0.tool.driver.name", KeyError), "'runs[0].tool.driver.name'"),
    (_set("runs.0.results.0.ruleIndex", 7), "'runs[0].results[0].ruleIndex': rule index 7"),
    (_set("runs.0.results.1.message", KeyError), "'runs[0].results[1].message'"),
    (_set("runs.0.results.1.ruleId", KeyError), "'runs[0].results[1].ruleId'"),
    (_set("runs.0.results.1.level", "fatal"), "'runs[0].results[1].level'"),
    (_set("runs.0.results.1.locations.0.physicalLocation.region.startLine", "4"),
     "'runs[0].results[1].locations[0].physicalLocation.region.startLine': expected an integer"),
    (_set("runs.0.results.2.locations.0.physicalLocation.region.endLine", 1),
     "'runs[0].results[2].locations[0].physicalLocation.region.endLine': 1 is before startLine 2"),
    (_set("runs.0.results.0.locations.0.physicalLocation.artifactLocation.index", 9),
     "'runs[0].results[0].locations[0].physicalLocation.artifactLocation.index'"),
    (_set("runs.0.artifacts.1.hashes.sha-256", "0" * 64), "'runs[0].artifacts[1].hashes.sha-256'"),
])
def test_a_wrong_field_is_named_by_its_json_path(mutate, where, corpus, tmp_path):
    log = copy.deepcopy(BASE)
    mutate(log)
    path = tmp_path / "log.sarif"
    path.write_text(json.dumps(log))
    with pytest.raises(SarifError) as error:
        _prepared(SarifReviewer(str(path), ReviewOptions()), corpus)
    assert str(error.value).startswith(f"{path}: field ") and where in str(error.value)


def _one_result_log(region: dict | None, tmp_path: Path) -> Path:
    location = {"artifactLocation": {"uri": "items/t2-empty/clean.py"}}
    if region is not None:
        location["region"] = region
    log = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "X"}}, "results": [
        {"ruleId": "R1", "message": {"text": "m"}, "locations": [{"physicalLocation": location}]}]}]}
    path = tmp_path / "one.sarif"
    path.write_text(json.dumps(log))
    return path


def _answers(region: dict | None, corpus, tmp_path: Path) -> dict:
    """Each snippet's verdict from a log with one result on t2-empty/clean.py in `region`."""
    reviewer = _prepared(SarifReviewer(str(_one_result_log(region, tmp_path)), ReviewOptions()), corpus)
    answers = {}
    reviewer.review([Task(v) for v in corpus.snippets], lambda task, verdict, **meta: answers.update(
        {task.snippet.rel_path: verdict}))
    return answers


@pytest.mark.parametrize(("region", "lines"), [
    (None, [1, 2, 3, 4, 5, 6, 7]),  # no region: the whole file
    ({"charOffset": 0, "charLength": 10}, [1]),
    ({"charOffset": 22, "charLength": 30}, [2, 3, 4]),  # offsets instead of lines
    ({"byteOffset": 40}, [3]),
])
def test_regions_without_line_numbers(region, lines, corpus, tmp_path):
    answers = _answers(region, corpus, tmp_path)
    assert answers["items/t2-empty/clean.py"].lines == lines
    assert sum(v.defect for v in answers.values()) == 1


@pytest.mark.parametrize(("region", "lines"), [
    ({"startLine": 6, "endLine": 10**9}, [6, 7]),  # clamped to the file: no 10^9-line verdict row
    ({"startLine": 2, "endLine": 10**7, "endColumn": 1}, [2, 3, 4, 5, 6, 7]),
    ({"charOffset": 10**6, "charLength": 10**6}, [7]),
])
def test_regions_past_the_end_are_clamped_to_the_file(region, lines, corpus, tmp_path):
    assert _answers(region, corpus, tmp_path)["items/t2-empty/clean.py"].lines == lines


def test_a_region_starting_past_the_end_is_an_error(corpus, tmp_path):
    with pytest.raises(SarifError, match=r"region.startLine': line 8 is beyond the end of "
                                         r"items/t2-empty/clean.py \(7 lines\)"):
        _prepared(SarifReviewer(str(_one_result_log({"startLine": 8}, tmp_path)), ReviewOptions()), corpus)


def test_without_a_corpus_in_the_options_the_tasks_decide_coverage(corpus):
    reviewer = SarifReviewer(str(LOGS / "uri_forms.sarif"), ReviewOptions())
    emitted = []
    reviewer.review([Task(v) for v in corpus.snippets], lambda task, verdict, **meta: emitted.append(verdict))
    assert sum(v.defect for v in emitted) == 6
    with pytest.raises(SarifError, match="no location in the log maps"):
        SarifReviewer(str(LOGS / "uri_forms.sarif"), ReviewOptions()).review(
            [Task(corpus.item("t2-empty").variants["fixed"])], lambda *a, **k: None)


def test_spec_needs_an_existing_path():
    with pytest.raises(SpecError, match=r"sarif:PATH"):
        SarifReviewer(None, ReviewOptions())
    with pytest.raises(SpecError, match="no such file"):
        SarifReviewer("nowhere.sarif", ReviewOptions())
    assert parse_spec("cq=sarif:C:\\logs\\a=b.sarif").arg == "C:\\logs\\a=b.sarif"


SEGMENT = st.text(alphabet=st.characters(whitelist_categories=("Ll", "Lu", "Nd"), whitelist_characters="-_ "),
                  min_size=1, max_size=12).filter(lambda s: s.strip(" ") == s and s not in (".", ".."))


@given(prefix=st.lists(SEGMENT, max_size=4), item=SEGMENT,
       variant=st.sampled_from(["original", "disguised", "fixed", "clean"]),
       form=st.sampled_from(["relative", "posix", "file", "windows", "encoded"]))
def test_any_form_of_a_corpus_path_maps_onto_its_snippet(prefix, item, variant, form):
    rel = f"items/{item}/{variant}.py"
    folder = "/".join(prefix)
    if form == "relative":
        uri = f"{folder}/{rel}" if folder else rel
    elif form == "posix":
        uri = f"/{folder}/{rel}"
    elif form == "file":
        uri = "file:///" + "/".join(s.replace(" ", "%20") for s in [*prefix, *rel.split("/")])
    elif form == "windows":
        uri = "C:\\" + "\\".join([*prefix, *rel.split("/")])
    else:
        uri = "".join(c if c == "/" else "".join(f"%{b:02X}" for b in c.encode()) for c in f"{folder}/{rel}")
    assert corpus_key(uri) == rel


@pytest.mark.parametrize("uri", ["src/main.py", "items/original.py", "items/t1/sub/original.py", ""])
def test_paths_not_ending_in_an_item_file_map_nowhere(uri):
    assert corpus_key(uri) is None


def _prepared(reviewer: SarifReviewer, corpus) -> SarifReviewer:
    """As the runner hands it the corpus's files before the run starts."""
    reviewer.prepare(corpus.snippets)
    return reviewer
