"""`compare` tells where report.html is (stderr) and keeps the folder as stdout's last line; `--fresh` starts a
new run folder."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def compare(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([*redpen_cmd(), "compare", "--corpus", str(FIXTURE_CORPUS), "--analyzers", "none",
                           "--bootstrap", "100", *args], cwd=cwd, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return proc


def test_compare_prints_report_html_and_fresh_starts_a_new_run_folder(tmp_path):
    first = compare(tmp_path, "--name", "one")
    assert first.stdout.splitlines()[-1] == "reports/one"
    assert first.stderr.splitlines()[-1] == "redpen-bench: report: reports/one/report.html"
    assert (tmp_path / "reports" / "one" / "report.html").is_file()
    assert (tmp_path / "reports" / "one" / "findings.sarif").is_file()
    runs = lambda: sorted(p.name for p in (tmp_path / "runs").iterdir())  # noqa: E731
    assert len(runs()) == 1
    compare(tmp_path, "--name", "two", "--no-cache")
    assert len(runs()) == 1  # resumed
    compare(tmp_path, "--name", "three", "--fresh")
    made = runs()
    assert len(made) == 2 and made[1].startswith(made[0] + "-")
