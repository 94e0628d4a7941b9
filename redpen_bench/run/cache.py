"""A verdict cache in SQLite (stdlib sqlite3, WAL): a key is the SHA-256 of exactly what changes the answer.

Static tools key on (tool, tool version, profile hash, file hash); LLMs on (provider, model, base URL, prompt
hash, parameters, sample, snippet hash). Secrets never enter a key or a value.

The run opens the cache once (`open_cache`) and hands it to its reviewers (ReviewOptions.cache). The cache is
a convenience, never a reason to stop: a file that is corrupt, cannot be created or written, is held by
another process past BUSY_SECONDS or fills the disk gives one warning naming it, and the run goes on without it.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from redpen_bench.reviewers.base import VerdictCache, cache_key

__all__ = ["BUSY_SECONDS", "Cache", "RunCache", "cache_key", "default_cache_path", "open_cache"]

log = logging.getLogger("redpen_bench")

# another process holding the file: wait this long, then run without the cache (was 30 s a call, up to 40 calls)
BUSY_SECONDS = 5.0
BATCH = 32  # answers per commit, or one commit a second: one commit per answer cost more than the answer's row
BATCH_SECONDS = 1.0


def default_cache_path() -> Path:
    if os.environ.get("REDPEN_CACHE"):
        return Path(os.environ["REDPEN_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "redpen-bench" / "cache.sqlite3"


_SETUP_LOCK = threading.Lock()


class Cache:
    """Thread-safe; one connection per thread. Values are JSON."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=BUSY_SECONDS)
            # switching a fresh file to WAL needs the file alone, and the busy timeout does not cover it: threads
            # (or processes) opening a new cache at once got "database is locked"; serialise and retry, for
            # BUSY_SECONDS in all (a file another process keeps locked is given up on, not waited for)
            deadline = time.monotonic() + BUSY_SECONDS
            with _SETUP_LOCK:
                for attempt in range(1, 1000):
                    try:
                        db.execute("PRAGMA journal_mode=WAL")
                        break
                    except sqlite3.OperationalError as exc:
                        if "locked" not in str(exc) or time.monotonic() >= deadline:
                            db.close()
                            raise
                        time.sleep(min(0.025 * attempt, 0.5))
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db = db
        return db

    def get(self, key: str) -> Any | None:
        row = self._connect().execute("SELECT value FROM verdicts WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def get_many(self, keys: list[str]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        db = self._connect()
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for key, value in db.execute(f"SELECT key, value FROM verdicts WHERE key IN ({marks})", chunk):
                found[key] = json.loads(value)
        return found

    def put(self, key: str, value: Any) -> None:
        with self._connect() as db:
            db.execute("INSERT OR REPLACE INTO verdicts (key, value) VALUES (?, ?)", (key, json.dumps(value)))

    def put_many(self, items: Mapping[str, Any]) -> None:
        with self._connect() as db:
            db.executemany(
                "INSERT OR REPLACE INTO verdicts (key, value) VALUES (?, ?)",
                [(k, json.dumps(v)) for k, v in items.items()],
            )


class RunCache:
    """The cache one run shares among its reviewers: puts are committed in batches (BATCH answers or
    BATCH_SECONDS; flush() commits the rest), and the first failure of the file, on opening, reading or
    writing, is one warning naming it; from then on the run has no cache (nothing found, nothing stored)."""

    def __init__(self, path: Path):
        self.path = path
        self._cache: Cache | None = None
        self._broken = False
        self._lock = threading.Lock()  # opening, and the warning, happen once
        self._pending: dict[str, Any] = {}
        self._pending_lock = threading.Lock()
        self._flushed = time.monotonic()

    def _open(self) -> Cache | None:
        with self._lock:
            if self._broken:  # a cache that failed once is never asked again, even if it opened fine
                return None
            if self._cache is None:
                try:
                    self._cache = Cache(self.path)  # opened on first use: a run of baselines creates no file
                except (sqlite3.Error, OSError, ValueError) as exc:
                    self._break(exc)
            return self._cache

    def _break(self, exc: BaseException) -> None:
        # dropped, not only flagged: a file another process holds let reads through and made every later flush
        # wait out BUSY_SECONDS again, inside the LLM event loop, stalling every answer in flight (issue 34.3)
        self._cache = None
        if not self._broken:
            self._broken = True
            log.warning("redpen-bench: warning: verdict cache %s: %s; this run goes on without it (answers are "
                        "asked and rows stored as usual; fix or delete the file, or pass --no-cache)",
                        self.path, _what_is_wrong(exc))

    def get_many(self, keys: list[str]) -> dict[str, Any]:
        cache = self._open()
        if cache is None or not keys:
            return {}
        try:
            return cache.get_many(keys)
        except (sqlite3.Error, OSError, ValueError) as exc:
            with self._lock:
                self._break(exc)
            return {}

    def put_many(self, items: Mapping[str, Any]) -> None:
        if self._broken:
            return
        with self._pending_lock:
            self._pending.update(items)
            due = len(self._pending) >= BATCH or time.monotonic() - self._flushed >= BATCH_SECONDS
        if due:
            self.flush()

    def flush(self) -> None:
        with self._pending_lock:
            pending, self._pending, self._flushed = self._pending, {}, time.monotonic()
        if not pending or (cache := self._open()) is None:
            return
        try:
            cache.put_many(pending)
        except (sqlite3.Error, OSError, ValueError) as exc:
            with self._lock:
                self._break(exc)


def _what_is_wrong(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, sqlite3.OperationalError) and "locked" in text:
        return f"{text} (another process held it for more than {BUSY_SECONDS:g} s)"
    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in text:
        return f"{text} (the file is corrupt or not a cache)"
    if isinstance(exc, OSError) and exc.strerror:
        return f"cannot create it: {exc.strerror}"
    return text


def open_cache(setting: VerdictCache | str | Path | None) -> VerdictCache | None:
    """What ReviewOptions.cache asks for, opened: "default" or a file -> a RunCache (which touches the file only
    when a reviewer first uses it); an open cache as it is; None (--no-cache) -> None: no file is opened."""
    if setting is None:
        return None
    if setting == "default":
        return RunCache(default_cache_path())
    if isinstance(setting, str | Path):
        return RunCache(Path(setting))
    return setting
