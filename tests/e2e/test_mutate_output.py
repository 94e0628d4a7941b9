"""`mutate` with its output going to a file: progress lines while it works, tables at their full width."""

from __future__ import annotations

from click.testing import CliRunner

from redpen_bench.cli import mutate_cmd, show
from tests.e2e.mutate_helpers import LOOP, synthetic_item


def test_non_terminal_output_has_progress_lines_and_uncut_tables(tmp_path, monkeypatch):
    root = synthetic_item(tmp_path, LOOP, "def check_original(m):\n    assert m.total(4) == 6\n",
                          original=LOOP.replace("s += i", "s -= i"))
    monkeypatch.setattr(show.TerminalProgress, "PROGRESS_SECONDS", 0.2)  # 30 s in use; a test need not wait that long
    result = CliRunner().invoke(mutate_cmd.mutate_command, ["--from-corpus", str(root), "--out",
                                                            str(tmp_path / "gen"), "--timeout", "2", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    said = result.stderr
    assert "redpen-bench: source files " in said and " of " in said
    header = next(line for line in said.splitlines() if "operator" in line)
    assert "uncompilable" in header and "…" not in header
