"""Record each static tool's real machine output on the test fixtures, for the offline parser tests.

    /work/venv/bin/python tests/record_tool_output.py

writes tests/fixtures/tool_output/<tool>-<version>.json: the tool's parsed stdout, which staged file was which
fixture file, and the command (default profile). Re-record after upgrading a tool or editing the fixtures; the
parser tests read the newest recording of each tool.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers import load_family
from redpen_bench.reviewers.base import ReviewOptions

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
CORPORA = {"corpus": FIXTURES / "corpus", "static_corpus": FIXTURES / "static_corpus"}
TOOLS = ("ruff", "pylint", "bandit", "semgrep")


def fixture_files() -> dict[str, tuple[str, Path]]:
    """content hash -> (label 'corpus/items/<id>/<variant>.py', path)."""
    files = {}
    for label, root in CORPORA.items():
        for snippet in load_corpus(root).snippets:
            files.setdefault(snippet.sha256, (f"{label}/{snippet.rel_path}", snippet.path))
    return files


def record(tool: str) -> Path:
    reviewer = load_family(tool)(None, ReviewOptions())
    files = fixture_files()
    batch = reviewer.run_batch({digest: path for digest, (_, path) in files.items()})
    staged = {name: files[digest][0] for name, digest in sorted(batch.names.items())}
    # the command as run, without this machine's paths
    command = [Path(batch.command[0]).name] + [
        re.sub(r"[^\s=]*/redpen-\w+-\w+", "TMP", arg).replace(str(HERE.parent) + "/", "") for arg in batch.command[1:]
    ]
    out = FIXTURES / "tool_output" / f"{tool}-{reviewer.version}.json"
    out.write_text(json.dumps({
        "tool": tool, "version": reviewer.version, "profile": reviewer.profile.name,
        "command": command, "staged": staged, "output": json.loads(batch.output),
    }, indent=1) + "\n", encoding="utf-8")
    return out


if __name__ == "__main__":
    for tool in sys.argv[1:] or TOOLS:
        print(record(tool))
