"""Runs that lose nothing, corrupt nothing and say what happened: locking, row validation, refusals, exit codes.
Each test here failed before the fix it covers."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.run.folder import RunFolder
from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def cli(*args, check=False):
    proc = subprocess.run([*redpen_cmd(), *map(str, args)], capture_output=True, text=True)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


@pytest.fixture
def corpus_copy(tmp_path):
    return shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")


def row_counts(folder):
    keys = [(r["reviewer"], r["item"], r["variant"], r.get("sample", 0))
            for r in map(json.loads, (folder / "verdicts.jsonl").read_text().splitlines())]
    return Counter(keys)


def test_four_processes_on_one_run_folder_write_every_row_once(tmp_path):
    command = [*redpen_cmd(), "run", "-r", "always-no,always-yes,oracle,random", "--corpus", str(FIXTURE_CORPUS)]
    for attempt in range(20):
        out = tmp_path / f"r{attempt}"
        procs = [subprocess.Popen([*command, "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for _ in range(4)]
        codes = [p.wait(timeout=120) for p in procs]
        assert codes == [0, 0, 0, 0], [p.stderr.read() for p in procs]
        counts = row_counts(out)
        assert len(counts) == 4 * 11 and set(counts.values()) == {1}, attempt
        manifest = json.loads((out / "manifest.json").read_text())
        assert sorted(manifest["reviewers"]) == ["always-no", "always-yes", "oracle", "random"]


def test_second_process_gives_up_naming_the_holder(tmp_path, fixture_corpus):
    folder = RunFolder(tmp_path / "r")
    with folder.exclusive():
        proc = subprocess.run([*redpen_cmd(), "run", "-r", "always-no", "--corpus", str(FIXTURE_CORPUS), "--out",
                               str(tmp_path / "r")], capture_output=True, text=True,
                              env={**__import__("os").environ, "REDPEN_LOCK_TIMEOUT": "1"})
    assert proc.returncode == 2
    assert "in use by pid" in proc.stderr and "gave up after 1 s" in proc.stderr and "Traceback" not in proc.stderr


def test_rows_without_manifest_are_refused_for_another_corpus(tmp_path, corpus_copy):
    out = tmp_path / "r"
    cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", out, check=True)
    (out / "manifest.json").unlink()
    (corpus_copy / "items/t1-total/clean.py").write_text("def total(amount, rate):\n    return amount\n")
    other = cli("run", "-r", "always-no", "--corpus", corpus_copy, "--out", out)
    assert other.returncode == 2
    assert "rows but no manifest.json" in other.stderr and "t1-total clean" in other.stderr
    assert not (out / "manifest.json").exists()
    same = cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", out, check=True)
    assert "11 answered" in same.stderr and len(row_counts(out)) == 11  # the old rows kept, none asked again


def test_bad_lines_are_skipped_counted_and_never_scored(tmp_path):
    out = tmp_path / "r"
    cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", out, check=True)
    good = (out / "verdicts.jsonl").read_bytes()
    first = json.loads(good.splitlines()[0])
    bad = [
        json.dumps(first | {"reviewer": "always-no", "lines": "all", "defect": True}).encode(),
        json.dumps(first | {"lines": {"a": 1}, "defect": True}).encode(),
        json.dumps(first | {"reviewer": ["x"]}).encode(),
        json.dumps(first | {"sample": "zero"}).encode(),
        b'{"reviewer": "always-no", "item": "t1-total", "explanation": "\xff"}',
        json.dumps(first | {"explanation": "caf\u00e9"}, ensure_ascii=False).encode()[:-4],  # cut inside "é"
    ]
    (out / "verdicts.jsonl").write_bytes(good + b"\n".join(bad) + b"\n")
    scored = cli("score", out, "--corpus", FIXTURE_CORPUS, "--format", "json")
    assert scored.returncode == 0, scored.stderr
    assert "6 unreadable lines in" in scored.stderr and "lines 12, 13, 14, 15, 16, 17" in scored.stderr
    average = json.loads(scored.stdout)["reviewers"]["always-no"]["average"]
    assert average == pytest.approx((1 / 6 + 2 / 9 + 1 / 6) / 3)  # unchanged by the bad lines
    report = cli("report", out, "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "rep", "--bootstrap", "100")
    assert report.returncode == 0 and "Traceback" not in report.stderr


def test_cut_last_line_is_repaired_on_resume(tmp_path):
    out = tmp_path / "r"
    cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", out, check=True)
    data = (out / "verdicts.jsonl").read_bytes()
    (out / "verdicts.jsonl").write_bytes(data[: -40])  # a kill in the middle of the last row
    resumed = cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", out, check=True)
    assert "removed a last line cut short" in resumed.stderr
    repaired = (out / "verdicts.jsonl").read_bytes()
    assert repaired.endswith(b"\n") and len(row_counts(out)) == 11
    assert all(json.loads(line) for line in repaired.splitlines())


def test_out_that_is_a_file_and_unsafe_corpus_names(tmp_path, corpus_copy):
    target = tmp_path / "file"
    target.write_text("x")
    proc = cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", target)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "file" in proc.stderr
    for name in ("../../evil", "/tmp/x", "..", ""):
        toml = corpus_copy / "corpus.toml"
        toml.write_text(f'name = "{name}"\nversion = "1"\n')
        with pytest.raises(CorpusError, match="field 'name'"):
            load_corpus(corpus_copy)


def test_corpus_hash_covers_every_file(corpus_copy):
    before = load_corpus(corpus_copy).hash
    (corpus_copy / "items/t1-total/NOTES.md").write_text("a note\n")
    assert load_corpus(corpus_copy).hash != before


def test_snippet_that_is_not_utf8_is_one_clear_error(corpus_copy):
    (corpus_copy / "items/t1-total/clean.py").write_bytes(b"def total(a, r):\n    return a  # \xe9\n")
    with pytest.raises(CorpusError, match=r"t1-total/clean.py: not UTF-8: byte 33"):
        load_corpus(corpus_copy)
    proc = cli("verify", "--corpus", corpus_copy)
    assert proc.returncode == 2 and "not UTF-8: byte 33" in proc.stderr and "Traceback" not in proc.stderr


def test_empty_reviewer_refused_and_dry_run_creates_nothing(tmp_path):
    for value in ("", ",,"):
        proc = cli("run", "-r", value, "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r")
        assert proc.returncode == 2 and "names no reviewer" in proc.stderr
    dry = cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "d", "--dry-run")
    assert dry.returncode == 0 and not (tmp_path / "d").exists()


def test_error_rows_end_in_a_summary_and_exit_3(tmp_path, fixture_corpus):
    replay = tmp_path / "recorded.jsonl"
    rows = [{"reviewer": "gpt", "item": v.item_id, "variant": v.name, "defect": None, "lines": [],
             "explanation": "", "raw": "", "error": "HTTP 500" if v.name == "fixed" else None}
            for v in fixture_corpus.snippets]
    for row in rows:
        if not row["error"]:
            row |= {"defect": False, "raw": "DEFECT: no"}
    replay.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run = cli("run", "-r", f"replay:{replay}", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r")
    assert run.returncode == 3
    assert "gpt  8 answered, 0 unparsed, 3 errors, 0 missing" in run.stderr
    assert "error rows remain (exit 3): the same command retries them" in run.stderr
    compare = cli("compare", "-r", f"replay:{replay}", "--analyzers", "none", "--corpus", FIXTURE_CORPUS,
                  "--out", tmp_path / "reports", "--runs", tmp_path / "runs", "--bootstrap", "100", "--name", "x")
    assert compare.returncode == 3
    scores = (tmp_path / "reports/x/scores.csv").read_text()
    assert ",gpt,replay," in scores  # the replayed reviewer, filed under its own name, is in the report


@pytest.mark.parametrize(("toml", "message"), [
    ('[compare]\nreviwers = ["ruff"]\n', "field 'compare.reviwers': unknown field; known: reviewers, out"),
    ('[reviewer.x]\nspec = "ruff"\n', "field 'reviewer': unknown table; known: reviewers, prices, compare"),
    ('[reviewers.ruff]\nspec = "pylint"\n', "field 'reviewers.ruff': the name 'ruff' is the built-in reviewer"),
])
def test_config_typos_and_shadowing_are_errors(tmp_path, toml, message):
    path = tmp_path / "redpen.toml"
    path.write_text(toml)
    proc = cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r", "--config", path)
    assert proc.returncode == 2 and message in proc.stderr


def test_tuned_profile_is_not_added_to_compare(tmp_path):
    from redpen_bench.api import analyzer_specs
    from redpen_bench.model.corpus_files import packaged_path

    root = shutil.copytree(packaged_path("analyzers"), tmp_path / "analyzers")
    (root / "ruff/tuned.toml").write_text("# Written by redpen-bench tune on 2026-12-01\nselect = [\"F\"]\n")
    specs = analyzer_specs(root=root)
    assert "ruff:tuned" not in specs and "ruff:bugs" in specs
