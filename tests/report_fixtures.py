"""A report built from markup-laden input: a snippet line holding a script, a reviewer answer holding an image
with an onerror handler, and a reviewer named like a tag. Used by the escaping tests and the browser test."""

from __future__ import annotations

import shutil
from pathlib import Path

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import Verdict
from redpen_bench.report.build import build_report
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS

EVIL_CODE = 'BANNER = "<script>alert(1)</script>"'
EVIL_ANSWER = "Looks wrong: <img src=x onerror=alert(1)> and </details><script>alert(2)</script>"
EVIL_NAME = "<svg onload=alert(3)>"

def make_evil_report(root: Path) -> Path:
    """Baselines run for real, two replayed reviewers written as run-folder rows; the report built from them."""
    corpus_dir = root / "corpus"
    shutil.copytree(FIXTURE_CORPUS, corpus_dir)
    fixed = corpus_dir / "items" / "t1-total" / "fixed.py"
    fixed.write_text(fixed.read_text() + EVIL_CODE + "\n")
    corpus = load_corpus(corpus_dir)
    line = len(fixed.read_text().splitlines())
    run_dir = root / "run"
    run_reviewers(corpus, ["always-no", "oracle"], run_dir, ReviewOptions())
    folder = RunFolder(run_dir)
    for name in (EVIL_NAME, "plain"):
        folder.update_reviewer(name, {"spec": "replay:evil.jsonl", "family": "replay", "info": {}})
        for v in corpus.snippets:
            evil = v.item_id == "t1-total" and v.name == "fixed"
            verdict = Verdict(defect=evil or v.defective, lines=[line] if evil else list(v.planted_lines),
                              explanation=EVIL_ANSWER if evil else "multiply", raw=EVIL_ANSWER)
            folder.append(VerdictRow.of(name, v.item_id, v.name, verdict))
    return build_report([run_dir], corpus, root / "report", replicates=200, seed=0).path
