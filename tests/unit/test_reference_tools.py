"""The reference's tool set has one home, analyzers/reference-tools.txt, and it is the set reports/reference/
was made with; a report's analyzers that ran other versions are named in one sentence."""

from __future__ import annotations

import json
from pathlib import Path

from redpen_bench.report.reference_tools import (
    PINS,
    reference_note,
    reference_pins,
    version_differences,
)

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reports" / "reference" / "manifest.json"
ANALYZERS = ("ruff", "pylint", "bandit", "semgrep")
SHIPPED = {"name": "redpen"}


def _pylint(version: str, astroid: str | None = None) -> dict:
    packages = {"packages": {"astroid": astroid}} if astroid else {}
    return {"spec": "pylint:bugs", "family": "pylint", "info": {"tool": "pylint", "version": version, **packages}}


def test_every_line_of_the_pins_file_is_a_pin_or_a_comment():
    lines = [line.strip() for line in (ROOT / "analyzers" / PINS).read_text().splitlines()]
    pins = [line for line in lines if line and not line.startswith("#")]
    assert len(pins) == len(reference_pins())  # no line the reader skips: pip would read it, the note would not
    assert set(ANALYZERS) <= set(reference_pins())


def test_the_pins_are_the_versions_the_reference_report_recorded():
    """Changing a pin without regenerating the reference (or the reverse) fails here: docs/report.md."""
    reviewers = json.loads(REFERENCE.read_text(encoding="utf-8"))["reviewers"]
    tools = {entry["info"]["tool"] for entry in reviewers.values() if "tool" in (entry.get("info") or {})}
    assert tools == set(ANALYZERS)
    assert version_differences(reviewers) == []
    assert reference_note({"name": "redpen"}, reviewers) is None


def test_a_newer_analyzer_or_astroid_is_named_once_with_the_reference_version():
    pins = {"pylint": "4.1.4", "astroid": "4.3.4", "semgrep": "1.185.0"}
    reviewers = {"pylint:bugs": _pylint("4.1.5", "4.4.0"), "pylint:errors": _pylint("4.1.5", "4.4.0"),
                 "semgrep:bugs": {"info": {"tool": "semgrep", "version": "1.185.0"}}}
    assert version_differences(reviewers, pins) == [("pylint", "4.1.5", "4.1.4"), ("astroid", "4.4.0", "4.3.4")]
    # the pinned pylint under another astroid: the scores that moved in issue 34
    assert version_differences({"pylint:bugs": _pylint("4.1.4", "4.4.0")}, pins) == [("astroid", "4.4.0", "4.3.4")]


def test_reviewers_that_are_not_pinned_tools_are_not_compared():
    reviewers = {"always-no": {"spec": "always-no", "family": "always-no", "info": {}},
                 "random": {"info": {"added": "made in memory"}},
                 "toy": {"info": {"tool": "toy", "version": "9"}},
                 "llm": {"info": {"model": "gpt-4o-mini", "sdk": {"openai": "3.0"}}},
                 "old": {"info": None}}
    assert version_differences(reviewers) == []


def test_the_note_is_one_sentence_for_the_shipped_corpus_only():
    pinned = reference_pins()["pylint"]
    reviewers = {"pylint:bugs": _pylint("0.0.1")}
    note = reference_note(SHIPPED, reviewers)
    assert note is not None and "\n" not in note
    assert f"pylint 0.0.1 (reference {pinned})" in note and "may differ" in note
    assert "-c analyzers/reference-tools.txt" in note
    assert reference_note({"name": "fixture"}, reviewers) is None  # no published scores of another corpus
