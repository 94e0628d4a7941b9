"""The static reviewers run for real: known findings on a fixture corpus, the syntax-error file as an error row
for that file only, crashes and timeouts of a fake tool, the cache, user configuration kept out, and the CLI
end to end."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import time
from pathlib import Path

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.verdict import parse_answer
from redpen_bench.reviewers import load_family, names_of_kind
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.findings import verdict_from_findings
from redpen_bench.reviewers.tools.profiles import available_profiles
from redpen_bench.reviewers.tools.static import StaticReviewer, find_executable
from redpen_bench.run.cache import Cache
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS, redpen_cmd

STATIC_CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "static_corpus"
STATIC_FAMILIES = sorted(f for f in names_of_kind("analyzer") if issubclass(load_family(f), StaticReviewer))
EVERY_PROFILE = [tool if name == "default" else f"{tool}:{name}"
                 for tool in STATIC_FAMILIES for name in available_profiles(tool)]


def rows_by(run_dir: Path, reviewer: str) -> dict[tuple[str, str], dict]:
    return {(r.item, r.variant): r for r in RunFolder(run_dir).rows(reviewer)}


def fake_tool(folder: Path, body: str) -> str:
    path = folder / f"fake-{abs(hash(body))}.sh"
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


@pytest.fixture(scope="module")
def static_corpus():
    return load_corpus(STATIC_CORPUS)


@pytest.fixture(scope="module")
def every_profile_run(static_corpus, tmp_path_factory):
    """Every registered static reviewer with every profile it ships, once, side by side."""
    root = tmp_path_factory.mktemp("static-run")
    options = ReviewOptions(cache=root / "cache.sqlite3", timeout=300)
    result = run_reviewers(static_corpus, EVERY_PROFILE, root / "run", options)
    assert result.failures == {}
    return root / "run"


def findings_of(run_dir, spec, item="k1-findings", variant="original") -> set[tuple[str, int, int]]:
    row = rows_by(run_dir, spec)[(item, variant)]
    return {(f.rule, f.line, f.end_line) for f in row.findings}


@pytest.mark.parametrize("spec, expected", [
    ("ruff", {("F401", 1, 1), ("B006", 5, 5), ("E722", 10, 10), ("F821", 14, 14)}),
    ("ruff:bugs", {("F401", 1, 1), ("B006", 5, 5), ("E711", 6, 6), ("E722", 10, 10), ("F821", 14, 14)}),
    ("pylint", {("unused-import", 1, 1), ("dangerous-default-value", 5, 5), ("singleton-comparison", 6, 6),
                ("eval-used", 7, 7), ("bare-except", 10, 11), ("comparison-with-itself", 12, 12),
                ("undefined-variable", 14, 14)}),
    ("pylint:bugs", {("unused-import", 1, 1), ("dangerous-default-value", 5, 5), ("eval-used", 7, 7),
                     ("bare-except", 10, 11), ("undefined-variable", 14, 14)}),
    ("bandit", {("B404", 2, 2), ("B307", 7, 7), ("B602", 9, 9), ("B110", 10, 11)}),
    ("bandit:bugs", {("B307", 7, 7), ("B602", 9, 9)}),
    ("semgrep", {("none-equality-comparison", 6, 6), ("bare-except", 10, 10), ("compare-to-self", 12, 12)}),
])
def test_known_findings_with_their_lines(every_profile_run, spec, expected):
    got = findings_of(every_profile_run, spec)
    assert expected <= got
    if spec in ("ruff:bugs", "pylint:bugs", "bandit:bugs", "bandit"):
        assert got == expected  # focused profiles report exactly these


def test_focused_profiles_drop_what_they_should(every_profile_run):
    pylint_bugs = {rule for rule, _, _ in findings_of(every_profile_run, "pylint:bugs")}
    assert not {"missing-module-docstring", "singleton-comparison", "comparison-with-itself"} & pylint_bugs
    assert findings_of(every_profile_run, "pylint:errors") == {("undefined-variable", 14, 14)}
    assert {r for r, _, _ in findings_of(every_profile_run, "semgrep:bugs")} == {"compare-to-self"}


def test_verdict_lines_and_explanation_from_findings(every_profile_run):
    row = rows_by(every_profile_run, "bandit:bugs")[("k1-findings", "original")]
    assert row.defect is True and row.lines == [7, 9]
    assert row.explanation.splitlines()[0].startswith("B307: Use of possibly insecure function")
    assert row.explanation.splitlines()[1].startswith("B602: subprocess call with shell=True")


@pytest.mark.parametrize("spec", EVERY_PROFILE)
def test_syntax_error_is_an_error_row_for_that_file_only(every_profile_run, spec):
    rows = rows_by(every_profile_run, spec)
    broken = rows[("k2-syntax", "original")]
    assert broken.defect is None and broken.findings == []
    assert "cannot parse the file" in broken.error
    assert not re.search(r"\bs\d{4}\b", broken.error)  # no staged name leaks into the row
    assert [key for key, row in rows.items() if row.error] == [("k2-syntax", "original")]
    assert rows[("k2-syntax", "fixed")].defect is False


@pytest.mark.parametrize("spec", EVERY_PROFILE)
def test_contract_every_static_reader_gives_well_formed_verdicts(every_profile_run, static_corpus, spec):
    """The verdict shape every analyzer row has, whatever the tool."""
    rows = rows_by(every_profile_run, spec)
    assert set(rows) == {(v.item_id, v.name) for v in static_corpus.snippets}  # one row per scored file
    for (item, variant), row in rows.items():
        assert row.sample == 0 and row.cached is False
        if row.error:
            assert row.defect is None and row.lines == [] and row.findings == []
            continue
        n_lines = len(static_corpus.item(item).variants[variant].text.splitlines())
        findings = [f.finding() for f in row.findings]
        assert all(1 <= f.line <= f.end_line <= n_lines and f.rule and f.message for f in findings)
        expected = verdict_from_findings(findings)
        assert (row.defect, row.lines, row.explanation) == (bool(findings), expected.lines,
                                                                     expected.explanation)
        assert row.explanation.splitlines() == [f"{f.rule}: {f.message}" for f in sorted(findings)]
        reread = parse_answer(row.raw)
        assert (reread.defect, reread.lines) == (row.defect, row.lines)


def test_manifest_records_versions_and_profile_hashes(every_profile_run):
    manifest = RunFolder(every_profile_run).read_manifest()
    from importlib.metadata import version

    for spec in EVERY_PROFILE:
        info = manifest["reviewers"][spec]["info"]
        assert info["version"] == version(info["tool"])
        assert len(info["profile_sha256"]) == 64


@pytest.mark.parametrize("family", ["ruff", "pylint", "bandit", "semgrep"])
def test_a_crashing_tool_gives_error_rows_and_others_stand(family, fixture_corpus, tmp_path, monkeypatch):
    monkeypatch.setenv(f"REDPEN_{family.upper()}_EXE", fake_tool(tmp_path, "echo 'internal error' >&2; exit 70"))
    other = "bandit" if family == "ruff" else "ruff:bugs"
    result = run_reviewers(fixture_corpus, [family, other], tmp_path / "run", ReviewOptions())
    crashed = rows_by(tmp_path / "run", family)
    assert len(crashed) == len(fixture_corpus.snippets)
    assert all(r.error and "exited with status 70: internal error" in r.error for r in crashed.values())
    assert family in result.failures
    fine = rows_by(tmp_path / "run", other)
    assert len(fine) == len(fixture_corpus.snippets) and not any(r.error for r in fine.values())


def test_a_tool_that_writes_junk_gives_error_rows(fixture_corpus, tmp_path, monkeypatch):
    monkeypatch.setenv("REDPEN_PYLINT_EXE", fake_tool(tmp_path, "echo 'not json'; exit 0"))
    run_reviewers(fixture_corpus, ["pylint"], tmp_path / "run", ReviewOptions())
    rows = rows_by(tmp_path / "run", "pylint")
    assert all("output that cannot be read" in r.error for r in rows.values())


def test_a_hanging_tool_is_killed_at_the_timeout(fixture_corpus, tmp_path, monkeypatch):
    pid_file = tmp_path / "child.pid"
    monkeypatch.setenv("REDPEN_BANDIT_EXE", fake_tool(tmp_path, f"sleep 600 & echo $! > {pid_file}; wait"))
    run_reviewers(fixture_corpus, ["bandit", "ruff:bugs"], tmp_path / "run", ReviewOptions(timeout=3))
    rows = rows_by(tmp_path / "run", "bandit")
    assert len(rows) == len(fixture_corpus.snippets)
    assert all("timed out after 3 s" in r.error for r in rows.values())
    assert not any(r.error for r in rows_by(tmp_path / "run", "ruff:bugs").values())
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 50  # SIGKILL has been sent: the deadline only stops a hung test
    while time.monotonic() < deadline:  # the whole process group is killed, not just the shell
        if not Path(f"/proc/{child}").exists() or "State:\tZ" in Path(f"/proc/{child}/status").read_text():
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the tool's child process {child} outlived the timeout")


def test_second_run_is_served_from_the_cache_and_runs_no_tool(fixture_corpus, tmp_path, monkeypatch):
    options = ReviewOptions(cache=tmp_path / "cache.sqlite3")
    run_reviewers(fixture_corpus, ["ruff", "pylint:errors"], tmp_path / "first", options)
    failing = fake_tool(tmp_path, "exit 99")
    monkeypatch.setenv("REDPEN_RUFF_EXE", failing)
    monkeypatch.setenv("REDPEN_PYLINT_EXE", failing)
    run_reviewers(fixture_corpus, ["ruff", "pylint:errors"], tmp_path / "second", options)
    for spec in ("ruff", "pylint:errors"):
        first, second = rows_by(tmp_path / "first", spec), rows_by(tmp_path / "second", spec)
        assert all(r.cached is True and r.error is None for r in second.values())
        assert {k: (r.defect, r.lines, r.explanation) for k, r in first.items()} == \
               {k: (r.defect, r.lines, r.explanation) for k, r in second.items()}
    # --no-cache runs the tool (here: the failing one) even though every verdict is cached
    run_reviewers(fixture_corpus, ["ruff"], tmp_path / "third", ReviewOptions(cache=None))
    assert all("exited with status 99" in r.error for r in rows_by(tmp_path / "third", "ruff").values())


def test_no_cache_neither_reads_nor_writes_the_cache(fixture_corpus, tmp_path):
    path = tmp_path / "cache.sqlite3"
    run_reviewers(fixture_corpus, ["ruff:bugs"], tmp_path / "run", ReviewOptions(cache=None))
    assert not path.exists() and not Path(os.environ["REDPEN_CACHE"]).exists()
    run_reviewers(fixture_corpus, ["ruff:bugs"], tmp_path / "cached", ReviewOptions(cache=path))
    reviewer = load_family("ruff")("bugs", ReviewOptions(cache=path))
    from redpen_bench.run.cache import cache_key

    keys = [cache_key(tool="ruff", version=reviewer.version, profile=reviewer.profile_hash(), file=v.sha256,
                      reader=reviewer.reader_version) for v in fixture_corpus.snippets]
    assert set(Cache(path).get_many(keys)) == set(keys)


def test_only_files_missing_from_the_cache_are_staged(fixture_corpus, tmp_path, monkeypatch):
    log = tmp_path / "calls.log"
    real = find_executable("ruff")
    monkeypatch.setenv("REDPEN_RUFF_EXE", fake_tool(tmp_path, f'echo "$@" >> {log}\nexec {real} "$@"'))
    options = ReviewOptions(cache=tmp_path / "cache.sqlite3")
    first_item = [v for v in fixture_corpus.snippets if v.item_id == fixture_corpus.items[0].id]
    run_reviewers(fixture_corpus, ["ruff"], tmp_path / "a", options, snippets=first_item)
    run_reviewers(fixture_corpus, ["ruff"], tmp_path / "b", options)
    calls = log.read_text().splitlines()
    staged = [len(re.findall(r"\bs\d{4}\.py\b", call)) for call in calls]
    distinct = len({v.sha256 for v in fixture_corpus.snippets})
    first_distinct = len({v.sha256 for v in first_item})
    assert staged == [first_distinct, distinct - first_distinct]  # one process per run, never per file
    rows = rows_by(tmp_path / "b", "ruff")
    assert sum(r.cached for r in rows.values()) == len(first_item)


def test_user_configuration_is_kept_out(static_corpus, tmp_path, monkeypatch):
    """A user's ruff config, PYLINTRC, RUFF_* variables and a pyproject in the working folder change nothing."""
    options = ReviewOptions(cache=None)
    run_reviewers(static_corpus, ["ruff:bugs", "pylint:errors"], tmp_path / "plain", options)
    home = tmp_path / "home"
    (home / ".config" / "ruff").mkdir(parents=True)
    (home / ".config" / "ruff" / "ruff.toml").write_text('[lint]\nignore = ["F", "B", "E"]\n')
    (tmp_path / "pylintrc").write_text("[MESSAGES CONTROL]\ndisable=all\n")
    (tmp_path / "cwd").mkdir()
    (tmp_path / "cwd" / "pyproject.toml").write_text('[tool.ruff.lint]\nignore = ["F821"]\n'
                                                     '[tool.pylint."messages control"]\ndisable = ["all"]\n')
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("PYLINTRC", str(tmp_path / "pylintrc"))
    monkeypatch.setenv("RUFF_OUTPUT_FORMAT", "concise")
    monkeypatch.chdir(tmp_path / "cwd")
    run_reviewers(static_corpus, ["ruff:bugs", "pylint:errors"], tmp_path / "configured", options)
    for spec in ("ruff:bugs", "pylint:errors"):
        plain, configured = rows_by(tmp_path / "plain", spec), rows_by(tmp_path / "configured", spec)
        assert {k: r.findings for k, r in plain.items()} == {k: r.findings for k, r in configured.items()}
        assert plain[("k1-findings", "original")].findings


def test_cli_end_to_end_then_score_then_cached(tmp_path):
    env = {**os.environ, "REDPEN_CACHE": str(tmp_path / "cache.sqlite3")}
    specs = "ruff,pylint,bandit,semgrep,ruff:bugs,pylint:errors"

    def run(out: str, extra_env: dict | None = None) -> Path:
        proc = subprocess.run([*redpen_cmd(), "run", "--reviewer", specs, "--corpus", str(FIXTURE_CORPUS),
                               "--out", str(tmp_path / out)], capture_output=True, text=True, timeout=600,
                              env={**env, **(extra_env or {})})
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip().splitlines()[-1] == str(tmp_path / out)
        return tmp_path / out

    first = run("first")
    corpus = load_corpus(FIXTURE_CORPUS)
    rows = RunFolder(first).rows()
    assert len(rows) == 6 * len(corpus.snippets) and not any(r.error for r in rows)
    score = subprocess.run([*redpen_cmd(), "score", str(first), "--corpus", str(FIXTURE_CORPUS), "--format", "json"],
                           capture_output=True, text=True, timeout=120, env=env)
    assert score.returncode == 0, score.stderr
    assert set(specs.split(",")) <= set(json.loads(score.stdout)["reviewers"])
    broken = {f"REDPEN_{tool.upper()}_EXE": "/nonexistent/tool" for tool in ("ruff", "pylint", "bandit", "semgrep")}
    second = RunFolder(run("second", broken)).rows()
    assert len(second) == len(rows) and all(r.cached and not r.error for r in second)


@pytest.mark.slow
def test_pylint_finds_the_same_with_one_worker_and_with_two(monkeypatch, tmp_path):
    """pylint runs its files in parallel workers whenever there are enough of them, beside the other tools too
    (reviewers/tools/pylint.py), and the verdict cache does not key on the workers: every finding of every
    shipped snippet must be the same either way."""
    reviewer = load_family("pylint")(None, ReviewOptions(side_by_side=4))
    files = {s.sha256: s.path for s in load_corpus().snippets}
    results = {}
    for cores in (1, 2):
        monkeypatch.setattr(os, "cpu_count", lambda cores=cores: cores)
        assert f"--jobs={cores}" in reviewer.command("pylint", [f"s{i:04d}.py" for i in range(len(files))], tmp_path)
        results[cores] = reviewer.scan(files)
    assert sum(len(r.findings) for r in results[1].values()) > 100
    assert results[2] == results[1]
