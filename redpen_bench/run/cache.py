"""A verdict cache in SQLite (stdlib sqlite3, WAL): a key is the SHA-256 of exactly what changes the answer.

Static tools key on (tool, tool version, profile hash, file hash); LLMs on (provider, model, base URL, prompt
hash, parameters, sample, snippet hash). Secrets never enter a key or a value.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any


def default_cache_path() -> Path:
    if os.environ.get("REDPEN_CACHE"):
        return Path(os.environ["REDPEN_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "redpen-bench" / "cache.sqlite3"


def cache_key(**parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


_SETUP_LOCK = threading.Lock()


class Cache:
    """Thread-safe; one connection per thread. Values are JSON."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._pending: dict[str, Any] = {}  # put_batched, not yet committed
        self._pending_lock = threading.Lock()
        self._flushed = 0.0
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30)
            # switching a fresh file to WAL needs the file alone, and the busy timeout does not cover it: threads
            # (or processes) opening a new cache at once got "database is locked"; serialise and retry
            with _SETUP_LOCK:
                for attempt in range(40):
                    try:
                        db.execute("PRAGMA journal_mode=WAL")
                        break
                    except sqlite3.OperationalError as exc:
                        if "locked" not in str(exc) or attempt == 39:
                            raise
                        time.sleep(0.025 * (attempt + 1))
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

    def put_batched(self, key: str, value: Any, batch: int = 32, seconds: float = 1.0) -> None:
        """Put, committing every `batch` puts or `seconds`: one commit per answer cost more than the answer's
        row. Call flush() at the end; a kill loses at most the uncommitted batch, whose rows are stored."""
        with self._pending_lock:
            self._pending[key] = value
            due = len(self._pending) >= batch or time.monotonic() - self._flushed >= seconds
        if due:
            self.flush()

    def flush(self) -> None:
        with self._pending_lock:
            pending, self._pending, self._flushed = self._pending, {}, time.monotonic()
        if pending:
            self.put_many(pending)

    def put_many(self, items: dict[str, Any]) -> None:
        with self._connect() as db:
            db.executemany(
                "INSERT OR REPLACE INTO verdicts (key, value) VALUES (?, ?)",
                [(k, json.dumps(v)) for k, v in items.items()],
            )
