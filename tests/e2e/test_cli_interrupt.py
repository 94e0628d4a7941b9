"""SIGTERM and Ctrl-C during a run of real tools: no tool process outlives the command, no staged corpus copy or
tool home is left in TMPDIR, and the command says what it kept."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import redpen_cmd

KEPT = "every finished verdict is kept; run the same command to resume"


def _processes() -> dict[int, tuple[int, int, str, str]]:
    """pid -> (parent pid, session id, state, command line) of every process."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # ended while we looked
        fields = stat[stat.rindex(")") + 2:].split()
        found[int(entry.name)] = (int(fields[1]), int(fields[3]), fields[0], cmdline)
    return found


def _descendants(root: int) -> dict[int, tuple[int, int, str, str]]:
    table = _processes()
    out, frontier = {}, {root}
    while frontier:
        children = {pid for pid, (ppid, *_rest) in table.items() if ppid in frontier and pid not in out}
        out |= {pid: table[pid] for pid in children}
        frontier = children
    return out


def _alive_in_sessions(sessions: set[int]) -> list[str]:
    return [cmd for pid, (_, sid, state, cmd) in _processes().items() if sid in sessions and state not in "ZX"]


def _wait_for(condition, proc: subprocess.Popen, what: str, limit: float = 120.0):
    """Poll until `condition()` is true; the deadline only stops a hung test, it asserts nothing about speed."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        assert proc.poll() is None, f"the command ended before {what}: {proc.communicate()}"
        time.sleep(0.05)
    proc.kill()
    pytest.fail(f"never saw {what}")


@pytest.mark.parametrize(("signum", "code", "word"), [(signal.SIGTERM, 143, "terminated"),
                                                      (signal.SIGINT, 130, "interrupted")])
def test_signal_stops_every_tool_and_removes_staged_files(tmp_path, signum, code, word):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    env = os.environ | {"TMPDIR": str(tmpdir)}
    # the shipped corpus: pylint and semgrep each take seconds on it, so both are caught running
    proc = subprocess.Popen([*redpen_cmd(), "run", "-r", "pylint:default,semgrep:default,bandit:default",
                             "--no-cache", "--out", str(tmp_path / "run")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: dict[int, tuple] = {}

    def tools_running():
        tools = _descendants(proc.pid)
        seen.update(tools)
        commands = " ".join(cmd for *_x, cmd in tools.values())
        staged = list(tmpdir.glob("redpen-semgrep-*/stage/s0000.py"))
        return "pylint" in commands and "semgrep" in commands and staged

    _wait_for(tools_running, proc, "pylint and semgrep running on staged files")
    proc.send_signal(signum)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == code, stderr
    assert f"redpen-bench: {word}; {KEPT}" in stderr and "Traceback" not in stderr
    sessions = {sid for _, sid, _, _ in seen.values()} - {os.getsid(0)}
    assert sessions  # the tools run in sessions of their own
    assert _alive_in_sessions(sessions) == []
    assert list(tmpdir.iterdir()) == []  # no staged copy, no tool home, nothing a tool left in its TMPDIR
    # what was finished is kept: the run folder is whole and the same command resumes from it
    assert (tmp_path / "run" / "manifest.json").is_file()
