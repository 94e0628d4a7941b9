"""Controls repeated across the mutants of one source cost nothing twice: a static tool's verdicts are cached by
file content, so a second run of a generated corpus, into a new run folder, runs no tool at all."""

from __future__ import annotations

import json

from tests.e2e.mutate_helpers import cli, shipped_items


def _rows(folder):
    return [json.loads(line) for line in (folder / "verdicts.jsonl").read_text(encoding="utf-8").splitlines()]


def test_a_second_run_of_a_generated_corpus_comes_from_the_cache(tmp_path):
    source = shipped_items(tmp_path, "e01-invoice-tax")
    out = tmp_path / "gen"
    made = cli("mutate", "--from-corpus", str(source), "--out", str(out), "--operators", "AOR,SDL",
               "--max-per-function", "3", "--timeout", "5")
    assert made.returncode == 0, made.stderr
    controls = sorted((out / "items").glob("*/fixed.py"))
    assert len({p.read_bytes() for p in controls}) < len(controls)  # the same control under several mutants
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        ran = cli("run", "--corpus", str(out), "-r", "ruff:bugs", "--out", str(folder))
        assert ran.returncode == 0, ran.stderr
    assert {row["cached"] for row in _rows(first) if row["variant"] == "original"} == {False}
    again = _rows(second)
    assert len(again) == len(_rows(first)) and all(row["cached"] for row in again)
