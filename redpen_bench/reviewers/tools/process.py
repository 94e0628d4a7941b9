"""Running an analyzer process: find its executable, keep the user's configuration and credentials out of its
environment, stop it at the timeout with every child it started (the sandbox's session and group kill), and read
its version without running it."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path

from redpen_bench.sandbox import kill_group_of, start_in_session, without_secrets

# what an interrupted command must undo: the tools run in their own sessions (a timeout kills a whole group),
# so neither Ctrl-C nor SIGTERM reaches them, and they run in reviewer threads that end with the process
# before any of their cleanups could run
_LIVE: dict[int, subprocess.Popen] = {}  # process group id -> its tool
_SCRATCH: set[str] = set()  # temporary folders tools run in
_GUARD = threading.Lock()
_STOPPING = threading.Event()


class ToolError(RuntimeError):
    """The tool crashed, timed out, is missing or wrote output that cannot be read: every file it ran on
    gets an error row (the runner turns the raise into error rows for every file not yet answered)."""


@cache
def tool_version(dist: str) -> str:
    """The installed package's version, read from its metadata: running `--version` would cost a process
    (semgrep: seconds) on every run, including a fully cached one."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return "unknown"


def find_executable(name: str, override: str | None = None) -> str:
    """`override` (attribute or REDPEN_<TOOL>_EXE), else the venv's bin beside sys.executable, else PATH."""
    if override:
        return override
    beside = Path(sys.executable).parent / name  # not resolved: a venv's python is a symlink out of the venv
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which(name)
    if not found:
        raise ToolError(f"{name}: executable not found beside {sys.executable} nor on PATH")
    return found


def isolated_env(home: Path, extra: dict[str, str] | None = None, prefixes: Sequence[str] = ()) -> dict[str, str]:
    """The caller's environment without the tool's own variables (`prefixes`, its ToolDescription's), XDG ones
    and credentials (no analyzer needs one), HOME, XDG folders and TMPDIR in `home` (what a killed tool leaves in
    its temporary folder goes with the scratch folder)."""
    dropped = (*prefixes, "XDG_")
    env = {k: v for k, v in without_secrets(os.environ).items() if not k.startswith(dropped)}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"),
               XDG_DATA_HOME=str(home / ".local" / "share"), TMPDIR=str(home), PYTHONDONTWRITEBYTECODE="1")
    env.update(extra or {})
    return env


def run_tool(cmd: Sequence[str], cwd: Path, env: dict[str, str], timeout: float,
             ok: Iterable[int] = (0, 1)) -> str:
    """Run a tool to the end or kill its whole process group at the timeout; return its stdout."""
    name = Path(cmd[0]).name
    with _GUARD:
        _stop_if_stopping()
        try:
            proc = start_in_session(cmd, cwd, env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
        except OSError as exc:
            raise ToolError(f"{name} could not start: {exc}") from None
        _LIVE[proc.pid] = proc
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group_of(proc.pid)  # semgrep and pylint -j leave children
        proc.communicate()
        raise ToolError(f"{name} timed out after {timeout:g} s") from None
    except BaseException:  # Ctrl-C in the thread that started it: no tool outlives the command
        kill_group_of(proc.pid)
        raise
    finally:
        with _GUARD:
            _LIVE.pop(proc.pid, None)
    _stop_if_stopping()
    if proc.returncode not in set(ok):
        tail = " | ".join(stderr.decode("utf-8", "replace").strip().splitlines()[-3:])
        raise ToolError(f"{name} exited with status {proc.returncode}: {tail or 'no message'}")
    return stdout.decode("utf-8", "replace")


def _stop_if_stopping() -> None:
    """A tool killed by `stop_tools` says nothing: its reviewer thread ends quietly (SystemExit ends a thread
    without a traceback and is no Exception, so no error row is stored for an interruption)."""
    if _STOPPING.is_set():
        raise SystemExit(1)


@contextlib.contextmanager
def scratch_folder(prefix: str) -> Iterator[Path]:
    """A temporary folder for a tool run that `stop_tools` removes too, when the thread using it cannot. It is
    made and recorded in one step under the guard, and none is made once stopping: a folder made in between,
    or after stop_tools looked, would outlive the command."""
    with _GUARD:
        _stop_if_stopping()
        path = tempfile.mkdtemp(prefix=prefix)
        _SCRATCH.add(path)
    try:
        yield Path(path)
    except Exception:
        _stop_if_stopping()  # the folder went away under it because the command is stopping: no tool's error
        raise
    finally:
        _remove(path)
        with _GUARD:
            _SCRATCH.discard(path)


def _remove(path: str) -> None:
    """Remove a scratch folder that a reviewer thread may still be writing into (staging files): renamed first,
    so a write that comes after lands nowhere (FileNotFoundError) instead of in a half-removed folder that
    rmtree then fails to remove."""
    doomed = f"{path}.removing"
    with contextlib.suppress(OSError):  # gone already: renamed by the other side, which may still be removing it
        os.rename(path, doomed)
    # both: the thread's own removal may be cut short by the process's exit, so stop_tools finishes it; two rmtrees
    # of one tree that nothing adds to leave nothing
    for folder in (doomed, path):
        shutil.rmtree(folder, ignore_errors=True)


def stop_tools() -> None:
    """On interruption (Ctrl-C, SIGTERM): kill every running tool's process group, start no other, and remove
    every scratch folder (staged corpus copies, the tools' temporary homes)."""
    with _GUARD:  # from here on no tool starts and no scratch folder is made (run_tool, scratch_folder)
        _STOPPING.set()
        live, scratch = list(_LIVE.items()), list(_SCRATCH)
    for pgid, proc in live:
        kill_group_of(pgid)
        with contextlib.suppress(Exception):
            proc.wait(5)
    for path in scratch:
        _remove(path)
