"""Code a generated corpus runs leaves nothing behind (issue 34, item 4): its checks run in check workers
(gate/check_worker.py), and what a check starts there, a child in a session of its own or a double-forked daemon,
is ended with the check, as the ordinary corpus path's supervisor ends it (tests/e2e/test_verify_containment.py).
Every check here is real code in real subprocesses; the processes a broken containment leaves are killed at the
end by the pids they noted."""

from __future__ import annotations

import json
import os
import signal
import sys
from contextlib import suppress
from pathlib import Path

import pytest

from tests.e2e.mutate_helpers import cli, synthetic_item
from tests.e2e.test_verify_containment import noted, running

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process containment is Linux's")

SOURCE = "def add(a, b):\n    return a + b\n\n\ndef twice(a):\n    return a * 2\n"


def _check(pids: Path) -> str:
    """A check that, each time it runs, starts a child in a session of its own and a double-forked daemon."""
    return f"""import os, subprocess

PIDS = {str(pids)!r}


def note(pid):
    with open(PIDS, "a") as file:
        file.write(f"{{pid}}\\n")


def check_original(m):
    note(subprocess.Popen(["sleep", "600"], start_new_session=True, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).pid)
    child = os.fork()
    if child == 0:
        os.setsid()
        grandchild = os.fork()
        if grandchild == 0:
            os.execvp("sleep", ["sleep", "600"])
        note(grandchild)
        os._exit(0)
    os.waitpid(child, 0)
    assert m.add(2, 3) == 5
    assert m.twice(4) == 8
"""


def _survivors(pids: Path) -> list[int]:
    return [pid for pid in noted(pids) if running(pid)]


def _end(pids: Path) -> None:
    for pid in _survivors(pids):
        with suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def test_nothing_a_check_in_a_worker_starts_outlives_it(tmp_path):
    pids = tmp_path / "pids"
    root = synthetic_item(tmp_path, SOURCE, _check(pids))
    out = tmp_path / "gen"
    try:
        made = cli("mutate", "--from-corpus", str(root), "--out", str(out), "--operators", "AOR",
                   "--max-items", "3")
        assert made.returncode == 0, made.stderr
        started = noted(pids)
        assert len(started) >= 6  # two per check, several checks
        assert _survivors(pids) == []
        pids.unlink()
        done = cli("verify", "--corpus", str(out), "--format", "json")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["passed"]
        assert len(noted(pids)) >= 6
        assert _survivors(pids) == []
    finally:
        _end(pids)


def test_a_wedged_check_in_a_worker_leaves_nothing_behind(tmp_path):
    """A check that starts both kinds and then ignores its alarm: the worker is presumed wedged and ended, and
    its supervisor ends what the check started with it."""
    from redpen_bench.gate.check_worker import CheckWorker

    pids = tmp_path / "pids"
    wedged = _check(pids).replace("    assert m.add(2, 3) == 5\n",
                                  "    import signal, time\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                                  "    time.sleep(600)\n")
    test = tmp_path / "test_item.py"
    test.write_text(wedged)
    try:
        with CheckWorker(test, "check_original", timeout=1.0) as worker:
            outcome = worker.check(SOURCE)
            assert outcome.status == "timeout"
            assert len(noted(pids)) == 2
            assert _survivors(pids) == []
    finally:
        _end(pids)
