"""Docs that cannot drift: the README's reviewer list comes from the registry, its commands exist, and
.ci/run runs the README's own blocks."""

from __future__ import annotations

import re
import subprocess

from tests.conftest import ROOT, redpen_cmd

README = ROOT / "README.md"


def block(text: str, start: str, end: str) -> str:
    return text.split(start, 1)[1].split(end, 1)[0].strip()


def test_reviewer_list_is_generated_from_the_registry():
    generated = subprocess.run([*redpen_cmd(), "reviewers", "--format", "markdown"], capture_output=True,
                               text=True, check=True).stdout.strip()
    current = block(README.read_text(), "<!-- reviewers:start -->", "<!-- reviewers:end -->")
    assert current == generated, "README reviewers list is stale: paste `redpen-bench reviewers --format markdown`"


def test_every_command_the_readme_names_exists():
    named = set(re.findall(r"`redpen-bench ([a-z][a-z-]+)", README.read_text()))
    assert {"compare", "run", "score", "verify"} <= named
    for command in sorted(named):
        proc = subprocess.run([*redpen_cmd(), command, "--help"], capture_output=True, text=True)
        assert proc.returncode == 0, f"README names `redpen-bench {command}`, which does not exist"


def test_ci_runs_the_readme_blocks():
    text = README.read_text()
    for name in ("main", "test"):
        assert f"<!-- ci: {name} -->\n```sh\n" in text
    ci = (ROOT / ".ci" / "run").read_text()
    assert "readme_block test" in ci and "readme_block main" in ci and "pytest" in block(
        text, "<!-- ci: test -->", "```\n\n")


def test_no_document_holds_a_merge_conflict_marker():
    # ruff reads only Python: a conflict resolved wrongly in a Markdown file would otherwise land unseen
    markers = re.compile(r"^(<<<<<<<|=======|>>>>>>>)( |$)", re.M)
    documents = [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("benchmarks/*.md"),
                 *ROOT.glob("corpus/*.md"), *ROOT.glob("analyzers/**/*.md")]
    held = [path.relative_to(ROOT).as_posix() for path in documents if markers.search(path.read_text("utf-8"))]
    assert held == []
