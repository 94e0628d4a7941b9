"""The sandbox's environments: no credential reaches a contained check or an analyzer."""

from __future__ import annotations

from pathlib import Path

from redpen_bench.reviewers.tools.process import isolated_env
from redpen_bench.sandbox import contained_env


def test_no_credential_reaches_an_analyzer_or_a_check(monkeypatch, tmp_path: Path):
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GITHUB_TOKEN", "MY_SECRET", "db_password"):
        monkeypatch.setenv(name, "leaked")
    monkeypatch.setenv("RUFF_CACHE_DIR", "/elsewhere")
    monkeypatch.setenv("LANG", "C.UTF-8")
    for env in (isolated_env(tmp_path), contained_env(tmp_path)):
        assert "leaked" not in env.values(), sorted(env)
        assert env["HOME"] == str(tmp_path) and env["LANG"] == "C.UTF-8"
    assert "RUFF_CACHE_DIR" not in isolated_env(tmp_path, prefixes=("RUFF_",))  # the tool description's prefixes
