"""Work on the other core (report/background.py): a forked child's result, its failures, and the inline fallback."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from redpen_bench.report.background import Background, can_fork

# a fresh interpreter: no thread of another test keeps it from forking
IN_CHILD = """
import os
from redpen_bench.report.background import Background
print(Background(os.getpid).result() != os.getpid(), Background(sorted, [3, 1, 2]).result())
try:
    Background(int, "x").result()
except ValueError as exc:
    print("raised:", exc)
"""


def test_runs_in_a_child_process_and_returns_its_result_or_raises_its_exception():
    out = subprocess.run([sys.executable, "-c", IN_CHILD], capture_output=True, text=True, check=True,
                         env=os.environ | {"REDPEN_SERIAL": ""})
    assert out.stdout.splitlines() == ["True [1, 2, 3]", "raised: invalid literal for int() with base 10: 'x'"]


def test_redpen_serial_runs_it_here(monkeypatch):
    monkeypatch.setenv("REDPEN_SERIAL", "1")
    assert not can_fork()
    assert Background(os.getpid).result() == os.getpid()


def test_no_fork_while_other_threads_run():
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not can_fork()
        assert Background(os.getpid).result() == os.getpid()
    finally:
        stop.set()
        thread.join()


def _fail(message: str) -> None:
    raise ValueError(message)


def _die() -> None:
    os._exit(7)


def test_the_childs_exception_is_raised_here():
    with pytest.raises(ValueError, match="no rules today"):
        Background(_fail, "no rules today").result()


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs os.fork")
def test_a_child_that_dies_without_a_result_is_an_error(monkeypatch):
    monkeypatch.delenv("REDPEN_SERIAL", raising=False)
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # this test process may run other threads
    with pytest.raises(RuntimeError, match=r"_die in a child process ended without a result \(exit status 7\)"):
        Background(_die).result()


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs os.fork")
def test_a_result_never_asked_for_stops_its_child(monkeypatch):
    monkeypatch.delenv("REDPEN_SERIAL", raising=False)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    work = Background(time.sleep, 60)
    pid = work._pid
    assert pid
    started = time.monotonic()
    del work  # the report failed before asking: the child is killed and reaped at once
    assert time.monotonic() - started < 5
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
