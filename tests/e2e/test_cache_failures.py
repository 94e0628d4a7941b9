"""A broken verdict cache never stops a run: one warning naming the file and what is wrong, rows stored,
answers asked uncached. Each way a cache breaks is made for real (tests run as root, who ignores file modes)."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.cache import Cache, RunCache, cache_key
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS, redpen_cmd
from tests.llm_http_server import LLMServer

N_SNIPPETS = 11
SPECS = ["openai:gpt-4o-mini", "ruff:bugs"]  # an LLM and a static tool: both use the cache


@pytest.fixture
def server(llm_env):
    with LLMServer() as running:
        yield running


def run(corpus, server, out, cache, concurrency=8):
    options = ReviewOptions(base_url=f"{server.url}/v1", cache=cache, concurrency=concurrency)
    return run_reviewers(corpus, SPECS, out, options)


def cache_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "verdict cache" in r.getMessage()]


def assert_run_complete(result, out: Path, server: LLMServer) -> None:
    rows = RunFolder(out).rows()
    assert not result.failures and len(rows) == 2 * N_SNIPPETS
    assert not any(r.error for r in rows) and not any(r.cached for r in rows)
    assert len(server.requests) == N_SNIPPETS


def test_a_corrupt_file_is_one_warning_and_the_run_goes_on(fixture_corpus, server, tmp_path, caplog):
    path = tmp_path / "cache.sqlite3"
    path.write_bytes(b"this is not an SQLite database, just garbage " * 200)
    with caplog.at_level(logging.WARNING, "redpen_bench"):
        result = run(fixture_corpus, server, tmp_path / "run", path)
    assert_run_complete(result, tmp_path / "run", server)
    [warning] = cache_warnings(caplog)
    assert str(path) in warning and "not a database" in warning and "goes on without it" in warning


@pytest.mark.parametrize("make", ["parent is a file", "path is a folder"])
def test_a_cache_that_cannot_be_created_is_one_warning(fixture_corpus, server, tmp_path, caplog, make):
    if make == "parent is a file":
        (tmp_path / "plain-file").write_text("x")
        path = tmp_path / "plain-file" / "cache.sqlite3"
    else:
        path = tmp_path / "a-folder"
        path.mkdir()
    with caplog.at_level(logging.WARNING, "redpen_bench"):
        result = run(fixture_corpus, server, tmp_path / "run", path)
    assert_run_complete(result, tmp_path / "run", server)
    [warning] = cache_warnings(caplog)
    assert str(path) in warning


LOCKER = textwrap.dedent("""
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    if sys.argv[2] == "rollback":  # a file in the default journal mode: an exclusive lock stops readers too
        db.execute("CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("BEGIN EXCLUSIVE")
    db.execute("INSERT OR REPLACE INTO verdicts VALUES ('locker', '1')")
    print("locked", flush=True)
    sys.stdin.read()  # held until the test closes our stdin
""")


@pytest.mark.parametrize("mode", ["rollback", "wal"])
def test_a_cache_locked_by_another_process_is_given_up_on(fixture_corpus, server, tmp_path, caplog, mode):
    path = tmp_path / "cache.sqlite3"
    if mode == "wal":
        Cache(path).put(cache_key(n=1), 1)  # an existing cache: readers go on, writers wait for the lock
    locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(path), mode], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert locker.stdout.readline().strip() == "locked"
        with caplog.at_level(logging.WARNING, "redpen_bench"):
            result = run(fixture_corpus, server, tmp_path / "run", path)
    finally:
        locker.stdin.close()
        locker.wait(timeout=30)
    assert_run_complete(result, tmp_path / "run", server)
    [warning] = cache_warnings(caplog)
    assert str(path) in warning and "locked" in warning and "another process" in warning


class CountingCache(Cache):
    """The real cache, counting what the run asks of the file after opening it."""

    calls: list[str] = []

    def get_many(self, keys):
        CountingCache.calls.append("get")
        return super().get_many(keys)

    def put_many(self, items):
        CountingCache.calls.append("put")
        return super().put_many(items)


def test_after_the_warning_a_locked_cache_is_never_touched_again(fixture_corpus, server, tmp_path, caplog,
                                                                monkeypatch):
    """Issue 34.3: the run warned that it goes on without a cache another process holds, then kept using it:
    every later flush waited out the busy timeout again, inside the event loop, stalling every answer."""
    path = tmp_path / "cache.sqlite3"
    Cache(path).put(cache_key(n=1), 1)  # an existing WAL cache: reads go on, writes wait for the lock
    monkeypatch.setattr("redpen_bench.run.cache.BUSY_SECONDS", 0.5)  # a short wait, the same path
    monkeypatch.setattr("redpen_bench.run.cache.BATCH", 1)  # a flush after every answer: each could touch it
    monkeypatch.setattr("redpen_bench.run.cache.Cache", CountingCache)
    monkeypatch.setattr(CountingCache, "calls", [])
    locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(path), "wal"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert locker.stdout.readline().strip() == "locked"
        with caplog.at_level(logging.WARNING, "redpen_bench"):
            options = ReviewOptions(base_url=f"{server.url}/v1", cache=path, concurrency=1)
            result = run_reviewers(fixture_corpus, ["openai:gpt-4o-mini"], tmp_path / "run", options)
    finally:
        locker.stdin.close()
        locker.wait(timeout=30)
    rows = RunFolder(tmp_path / "run").rows()
    assert not result.failures and len(rows) == N_SNIPPETS and not any(r.error for r in rows)
    [warning] = cache_warnings(caplog)
    assert "locked" in warning and "goes on without it" in warning
    # one read (allowed while another process writes a WAL file), one write that waited and failed: no more
    assert CountingCache.calls == ["get", "put"]


class SmallDisk(Cache):
    """The cache on a disk with no room left: SQLite's page limit, per connection, makes it SQLITE_FULL."""

    def _connect(self) -> sqlite3.Connection:
        db = super()._connect()
        db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
        return db


def test_a_full_disk_is_one_warning_and_loses_no_row(fixture_corpus, server, tmp_path, caplog, monkeypatch):
    path = tmp_path / "cache.sqlite3"
    Cache(path).put(cache_key(n=0), "x" * 3000)  # its one table page nearly full: the next puts need a new page
    monkeypatch.setattr("redpen_bench.run.cache.Cache", SmallDisk)  # what RunCache opens
    with caplog.at_level(logging.WARNING, "redpen_bench"):
        result = run(fixture_corpus, server, tmp_path / "run", path)
    assert_run_complete(result, tmp_path / "run", server)
    [warning] = cache_warnings(caplog)
    assert str(path) in warning and "full" in warning


class PutRaises:
    """A cache whose every put fails with something no guard knows: only the order of row and put decides
    whether the answer survives."""

    def __init__(self):
        self.puts = 0

    def get_many(self, keys):
        return {}

    def put_many(self, items):
        self.puts += 1
        raise RuntimeError("the cache failed")

    def flush(self):
        pass


def test_the_row_is_stored_before_the_cache(fixture_corpus, server, tmp_path):
    cache = PutRaises()
    options = ReviewOptions(base_url=f"{server.url}/v1", cache=cache, concurrency=1)
    result = run_reviewers(fixture_corpus, ["openai:gpt-4o-mini"], tmp_path / "run", options)
    rows = RunFolder(tmp_path / "run").rows()
    answered = [r for r in rows if not r.error]
    assert cache.puts == 1 and "the cache failed" in result.failures["openai:gpt-4o-mini"]
    assert len(answered) == 1 and answered[0].defect is True  # the paid answer is kept


def test_no_cache_opens_no_file(fixture_corpus, tmp_path, llm_env):
    cache_file = tmp_path / "cache" / "cache.sqlite3"
    env = os.environ | {"REDPEN_CACHE": str(cache_file)}
    with LLMServer() as server:
        proc = subprocess.run([*redpen_cmd(), "run", "-r", "openai:gpt-4o-mini,ruff:bugs", "--corpus",
                               str(FIXTURE_CORPUS), "--out", str(tmp_path / "run"), "--base-url", f"{server.url}/v1",
                               "--no-cache"], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert not cache_file.parent.exists()
    assert len(RunFolder(tmp_path / "run").rows()) == 2 * N_SNIPPETS


def test_a_broken_cache_warns_once_on_the_command_line(tmp_path, llm_env):
    cache_file = tmp_path / "cache.sqlite3"
    cache_file.write_bytes(b"garbage" * 1000)
    env = os.environ | {"REDPEN_CACHE": str(cache_file)}
    with LLMServer() as server:
        proc = subprocess.run([*redpen_cmd(), "run", "-r", "openai:gpt-4o-mini,ruff:bugs", "--corpus",
                               str(FIXTURE_CORPUS), "--out", str(tmp_path / "run"), "--base-url",
                               f"{server.url}/v1"], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count(str(cache_file)) == 1 and "Traceback" not in proc.stderr
    assert "11 answered" in proc.stderr


def test_run_cache_batches_and_flushes(tmp_path):
    cache = RunCache(tmp_path / "c.sqlite3")
    cache.put_many({cache_key(n=n): n for n in range(3)})
    cache.flush()
    assert len(Cache(tmp_path / "c.sqlite3").get_many([cache_key(n=n) for n in range(3)])) == 3
