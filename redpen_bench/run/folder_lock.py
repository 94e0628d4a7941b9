"""One process at a time writes a run folder: an exclusive flock on its lock file, re-entrant within the
process, and one thread lock per folder shared by the process's RunFolder objects."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from redpen_bench.errors import InputError

log = logging.getLogger("redpen_bench")
_HELD: dict[str, list] = {}  # lock file -> [open handle, depth]: the process's own exclusive locks
_GUARD = threading.Lock()
_THREAD_LOCKS: dict[str, threading.RLock] = {}


def lock_timeout_from_env() -> float:
    """Seconds to wait for a run folder another process holds (REDPEN_LOCK_TIMEOUT, default 600)."""
    text = os.environ.get("REDPEN_LOCK_TIMEOUT", "600")
    try:
        return float(text)
    except ValueError:
        raise InputError(f"REDPEN_LOCK_TIMEOUT '{text}': expected a number of seconds") from None


def thread_lock(folder: Path) -> threading.RLock:
    """One lock per folder for all RunFolder objects of the process (a run's report reads the folder the run
    appended to through another object)."""
    with _GUARD:
        return _THREAD_LOCKS.setdefault(str(folder.resolve()), threading.RLock())


@contextlib.contextmanager
def hold(lock_file: Path, timeout: float, error: type[Exception]) -> Iterator[None]:
    """Hold `lock_file` exclusively; another process waits up to `timeout` seconds, saying so once, then gets
    `error` naming the holder (the pid written into the file)."""
    key = str(lock_file.resolve())
    with _GUARD:
        held = _HELD.get(key)
        if held:
            held[1] += 1
    if not held:
        handle = lock_file.open("a+")
        deadline, told = time.monotonic() + timeout, False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                holder = lock_file.read_text(errors="replace").strip() or "another process"
                if time.monotonic() >= deadline:
                    handle.close()
                    raise error(f"{lock_file.parent}: in use by {holder}; gave up after {timeout:g} s "
                                "(two runs must not write one run folder at once)") from None
                if not told:
                    log.warning("%s: in use by %s; waiting for it to finish", lock_file.parent, holder)
                    told = True
                time.sleep(0.1)
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}\n")
        handle.flush()
        with _GUARD:
            _HELD[key] = [handle, 1]
    try:
        yield
    finally:
        with _GUARD:
            entry = _HELD[key]
            entry[1] -= 1
            if entry[1] == 0:
                del _HELD[key]
                entry[0].truncate(0)
                fcntl.flock(entry[0], fcntl.LOCK_UN)
                entry[0].close()
