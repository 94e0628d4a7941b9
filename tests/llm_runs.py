"""What the LLM reviewer tests share: a run of one reviewer against a test server (the `server` fixture is in
tests/e2e/conftest.py)."""

from __future__ import annotations

from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.runner import run_reviewers


def run(corpus, server, tmp_path, spec="openai:gpt-4o-mini", out="run", **options):
    options.setdefault("base_url", f"{server.url}/v1")
    return run_reviewers(corpus, [spec], tmp_path / out, ReviewOptions(**options))
