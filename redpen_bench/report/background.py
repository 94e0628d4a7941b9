"""Independent parts of a report computed on another core: a forked child runs the function, sends the result
back pickled through a pipe and exits. The report has two such parts: the rule table (beside scoring) and the
charts (beside writing verdicts.jsonl). Measured on a 50x corpus, with the faster verdict writing that came with
them, a warm compare went from 13.3 s to 10.4-11.0 s; frozen_heap below took it to 9.4 s.

A fork, not a worker pool: the child already holds the verdict rows and the corpus, where a spawned worker would
need 100 MB of them pickled. The child only computes; it writes no file and never returns into the caller's
code (os._exit). Where a fork is not safe the function runs in this process instead, with the same result:
with other threads alive (the child would inherit locks they hold), without os.fork, on macOS (system
frameworks break in a forked child), or with REDPEN_SERIAL=1 (profiling, debugging).
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


def can_fork() -> bool:
    return (hasattr(os, "fork") and sys.platform != "darwin" and threading.active_count() == 1
            and os.environ.get("REDPEN_SERIAL", "") in ("", "0"))


@contextlib.contextmanager
def frozen_heap() -> Iterator[None]:
    """Every object alive now is left out of cyclic garbage collection until the block ends. A report holds the
    run's rows and the corpus (millions of objects at 50x) to the end: a collection walks them all, and its
    writes to their headers copy the pages a forked child shares (together 0.6 s of a 10 s report). A caller
    that froze objects itself keeps its freeze."""
    already = gc.get_freeze_count()
    gc.freeze()
    try:
        yield
    finally:
        if not already:
            gc.unfreeze()


class Background(Generic[T]):
    """`fn(*args)` started now in a child; `result()` waits for it (and raises what it raised)."""

    def __init__(self, fn: Callable[..., T], *args) -> None:
        self._call = (fn, args)
        self._pid = 0
        self._fd = -1
        if not can_fork():
            return
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: compute, send, leave without running any of the parent's cleanup
            os.close(read_fd)
            _child(fn, args, write_fd)
        os.close(write_fd)
        self._pid, self._fd = pid, read_fd

    def result(self) -> T:
        fn, args = self._call
        if not self._pid:
            return fn(*args)
        with os.fdopen(self._fd, "rb") as pipe:
            payload = pipe.read()
        _, status = os.waitpid(self._pid, 0)
        self._pid = 0
        if not payload:  # killed, or out of memory before it could answer
            raise RuntimeError(f"{fn.__name__} in a child process ended without a result "
                               f"(exit status {os.waitstatus_to_exitcode(status)})")
        ok, value = pickle.loads(payload)
        if not ok:
            raise value
        return value

    def __del__(self) -> None:
        """A result never asked for (the report failed on the way): the child is stopped and reaped, not left
        blocked on a full pipe."""
        if self._pid:
            pid, self._pid = self._pid, 0
            os.close(self._fd)
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)


def _child(fn: Callable, args: tuple, write_fd: int) -> None:
    gc.freeze()  # the collector leaves the inherited objects alone: their pages stay shared with the parent
    status = 0
    try:
        try:
            payload = pickle.dumps((True, fn(*args)), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # handed to the parent, which raises it
            status = 1
            try:
                payload = pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # an exception that does not pickle
                payload = pickle.dumps((False, RuntimeError(f"{fn.__name__}: {exc!r}")))
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
    finally:
        os._exit(status)
