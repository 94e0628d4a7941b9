"""SIGTERM during `compare` under load, at several moments: nothing staged (redpen-pylint-..., redpen-semgrep-...)
is left in TMPDIR, whenever the signal comes (issue 26, case 1). Each try has a TMPDIR of its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import redpen_cmd

BURN = "while True: pass"


@pytest.fixture
def load():
    """Two busy processes beside the command (the machine's two cores): the reviewer threads are descheduled at
    any point, as on a loaded CI runner."""
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(2)]
    yield
    for burner in burners:
        burner.kill()
        burner.wait()


# when the signal comes: once the N-th scratch folder of the run has appeared (the first: a tool asked which rules
# a profile selects; later ones: corpus copies being staged beside running tools), plus a pause
MOMENTS = [(1, 0.0), (2, 0.0), (3, 0.02), (4, 0.0), (5, 0.05), (6, 0.0), (8, 0.1), (10, 0.0)]


@pytest.mark.parametrize(("folders", "delay"), MOMENTS, ids=[f"folder{n}+{d}s" for n, d in MOMENTS])
def test_sigterm_during_compare_leaves_nothing_staged(tmp_path, load, folders, delay):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    env = os.environ | {"TMPDIR": str(tmpdir)}
    proc = subprocess.Popen([*redpen_cmd(), "compare", "--no-cache", "--runs", str(tmp_path / "runs"),
                             "--out", str(tmp_path / "out"), "--bootstrap", "100"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: set[str] = set()
    deadline = time.monotonic() + 300
    while len(seen) < folders and proc.poll() is None:
        seen |= {p.name for p in tmpdir.iterdir() if p.name.startswith("redpen-")}
        assert time.monotonic() < deadline, f"never saw {folders} scratch folders"
        time.sleep(0.005)
    time.sleep(delay)
    assert proc.poll() is None, f"compare ended before the signal: {proc.communicate()}"
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 143, stderr
    assert "Traceback" not in stderr
    assert sorted(p.name for p in tmpdir.iterdir()) == []
