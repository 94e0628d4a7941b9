"""A fresh install with the reference's tool set (analyzers/reference-tools.txt) reproduces the reference report's
analyzer rows, and a report whose analyzers ran other versions says so, on the terminal and in its About section.

The reproduction needs the pinned versions installed (`pip install -e '.[test]' -c analyzers/reference-tools.txt`,
as the README's test command and so CI install them): elsewhere it is skipped with the versions that differ, and
under CI=true a difference fails it, so CI cannot pass without checking the reference."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from redpen_bench.report.reference_tools import INSTALL, reference_pins
from tests.conftest import ROOT, redpen_cmd

REFERENCE = ROOT / "reports" / "reference"
ANALYZERS = {"ruff", "pylint", "bandit", "semgrep"}
ANSWER = ("defect", "lines", "explanation", "error", "findings", "snippet")  # not times, cache flags, fingerprints
NOTE = "Analyzer versions differ from those the reference report"


def _installed(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "not installed"


def _redpen(args: list[str], cwd: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    env = os.environ | {"REDPEN_CACHE": str(tmp_path / "cache.sqlite3"), "SEMGREP_ENABLE_VERSION_CHECK": "0",
                        "SEMGREP_SEND_METRICS": "off"}
    result = subprocess.run([*redpen_cmd(), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    return result


def _scores(report: Path) -> dict[tuple[str, str], dict[str, str]]:
    """The analyzers' scores.csv rows, every column but the rank (the reference ranks its LLM rows too)."""
    with (report / "scores.csv").open(encoding="utf-8") as text:
        return {(r["reviewer"], r["tier"]): {k: v for k, v in r.items() if k != "rank"}
                for r in csv.DictReader(text) if r["family"] in ANALYZERS}


def _answers(report: Path) -> dict[tuple[str, str, str], dict]:
    rows = [json.loads(line) for line in (report / "verdicts.jsonl").read_text(encoding="utf-8").splitlines()]
    return {(r["reviewer"], r["item"], r["variant"]): {k: r.get(k) for k in ANSWER}
            for r in rows if r["reviewer"].partition(":")[0] in ANALYZERS}


def test_a_fresh_compare_with_the_pinned_tools_gives_the_reference_analyzer_rows(tmp_path):
    differ = {name: (_installed(name), pinned) for name, pinned in reference_pins().items()
              if _installed(name) != pinned}
    if differ:
        listed = ", ".join(f"{name} {have} (pinned {pinned})" for name, (have, pinned) in differ.items())
        message = f"not the reference's tool set: {listed}; install it with {INSTALL}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    result = _redpen(["compare", "--out", "reports", "--runs", "runs", "--name", "fresh"], tmp_path, tmp_path)
    assert NOTE not in result.stderr
    fresh = tmp_path / "reports" / "fresh"
    assert _scores(fresh) == _scores(REFERENCE) and len(_scores(REFERENCE)) == 9 * 4  # 9 profiles, 3 tiers + Average
    assert _answers(fresh) == _answers(REFERENCE)


def _reference_run(folder: Path, versions: dict[str, str]) -> Path:
    """A run folder of the reference's verdicts whose manifest records `versions` (tool -> version) instead."""
    manifest = json.loads((REFERENCE / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["reviewers"].values():
        info = entry.get("info") or {}
        if info.get("tool") in versions:
            info["version"] = versions[info["tool"]]
    folder.mkdir()
    shutil.copy(REFERENCE / "verdicts.jsonl", folder / "verdicts.jsonl")
    (folder / "manifest.json").write_text(json.dumps({
        "schema_version": 1, "redpen_bench": manifest["redpen_bench"], "corpus": manifest["corpus"],
        "created": manifest["runs"][0]["created"], "reviewers": manifest["reviewers"],
    }), encoding="utf-8")
    return folder


def test_a_report_of_runs_made_with_other_versions_says_so_in_one_line(tmp_path):
    pinned = reference_pins()["pylint"]
    run = _reference_run(tmp_path / "run", {"pylint": "4.1.99"})
    result = _redpen(["report", str(run), "--out", str(tmp_path), "--name", "other"], ROOT, tmp_path)
    said = [line for line in result.stderr.splitlines() if NOTE in line]
    assert len(said) == 1 and f"pylint 4.1.99 (reference {pinned})" in said[0] and "may differ" in said[0]
    assert said[0].startswith("redpen-bench: ")
    about = (tmp_path / "other" / "report.md").read_text(encoding="utf-8").split("## About this report")[1]
    assert said[0].removeprefix("redpen-bench: ") in about.replace("\\", "")  # less markdown's escapes
    assert NOTE in (tmp_path / "other" / "report.html").read_text(encoding="utf-8")


def test_a_report_of_runs_made_with_the_reference_versions_says_nothing(tmp_path):
    run = _reference_run(tmp_path / "run", {})
    result = _redpen(["report", str(run), "--out", str(tmp_path), "--name", "same"], ROOT, tmp_path)
    assert NOTE not in result.stderr
    assert NOTE not in (tmp_path / "same" / "report.md").read_text(encoding="utf-8")
