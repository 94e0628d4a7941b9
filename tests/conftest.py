from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
FIXTURE_CORPUS = ROOT / "tests" / "fixtures" / "corpus"


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's verdict cache."""
    monkeypatch.setenv("REDPEN_CACHE", str(tmp_path_factory.mktemp("cache") / "cache.sqlite3"))
    yield


@pytest.fixture
def llm_env(monkeypatch, tmp_path):
    """No provider key or base URL from the machine, short retry backoff, and a scratch working folder."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("REDPEN_RETRY_BASE_DELAY", "0.01")
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def fixture_corpus():
    from redpen_bench.model.corpus import load_corpus

    return load_corpus(FIXTURE_CORPUS)


def redpen_cmd() -> list[str]:
    """The installed console script, next to this interpreter."""
    import sys

    exe = Path(sys.executable).parent / "redpen-bench"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "redpen_bench"]


def openai_cli_env(tmp_path: Path, key: str) -> dict[str, str]:
    """The environment of a `redpen-bench run` subprocess against a test's own OpenAI-compatible server: no
    provider settings from the machine, this key, short retry backoff, a cache of its own."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
    return environ | {"OPENAI_API_KEY": key, "REDPEN_RETRY_BASE_DELAY": "0.01",
                      "REDPEN_CACHE": str(tmp_path / "cache" / "cache.sqlite3")}


def run_openai_cli(env: dict[str, str], base_url: str, out: Path, *extra, timeout: float = 300):
    """`redpen-bench run -r openai:gpt-4o-mini` over the fixture corpus against base_url (timeout: a guard)."""
    import subprocess

    command = [*redpen_cmd(), "run", "-r", "openai:gpt-4o-mini", "--corpus", str(FIXTURE_CORPUS), "--out",
               str(out), "--base-url", base_url, *map(str, extra)]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout)


os.environ.setdefault("SEMGREP_ENABLE_VERSION_CHECK", "0")

# hypothesis's per-example deadline is a wall-clock assertion: on a loaded machine it fails correct code
settings.register_profile("redpen", deadline=None)
settings.load_profile("redpen")
