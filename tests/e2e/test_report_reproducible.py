"""The committed reference report is what its own verdicts give, byte for byte. Every file is compared, so a file
a report gains (findings.sarif) must be committed here as the same code writes it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reports" / "reference"
BUILD = """
import sys
from redpen_bench.model.corpus import load_corpus
from redpen_bench.report.build import build_report
build_report([sys.argv[1]], load_corpus(), sys.argv[2], seed=0)
"""


def _run_folder_from(report: Path, folder: Path) -> Path:
    """A run folder holding the report's verdicts and the manifest they were made under."""
    manifest = json.loads((report / "manifest.json").read_text(encoding="utf-8"))
    folder.mkdir()
    shutil.copy(report / "verdicts.jsonl", folder / "verdicts.jsonl")
    (folder / "manifest.json").write_text(json.dumps({
        "schema_version": 1, "redpen_bench": manifest["redpen_bench"], "corpus": manifest["corpus"],
        "created": manifest["runs"][0]["created"], "reviewers": manifest["reviewers"],
    }), encoding="utf-8")
    return folder


def test_reference_report_regenerates_byte_identical(tmp_path):
    run = _run_folder_from(REFERENCE, tmp_path / "run")
    out = tmp_path / "report"
    subprocess.run([sys.executable, "-c", BUILD, str(run), str(out)], check=True, cwd=ROOT)
    expected = sorted(p.relative_to(REFERENCE) for p in REFERENCE.rglob("*") if p.is_file())
    made = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    assert made == expected
    for name in expected:
        if name.name != "manifest.json":  # it holds the times and the run folder's path
            assert (out / name).read_bytes() == (REFERENCE / name).read_bytes(), name
