"""The sandbox: the one place Red-Pen starts a process it does not trust, and ends it with everything it started.
Used by the analyzers (reviewers/tools/process.py: a tool's own session, killed as a group), the gate's checks
(gate/killability.py, gate/check_worker.py) and mutate's kill checks (generate/kill.py, generate/project_checks.py).
The lowest layer: it imports nothing of Red-Pen's.

What is contained, on Linux:
- processes: the command runs under a small supervisor that is the leader of a new session and a child
  subreaper (prctl PR_SET_CHILD_SUBREAPER). The command gets a process group of its own; when it exits (pass,
  fail or timeout) the supervisor sends SIGKILL to that group, then kills and reaps every process still below
  it: a background child, and a double-forked daemon that left for a session of its own, is reparented to the
  supervisor rather than to init, so it cannot escape. Elsewhere (no subreaper) only the group is killed.
  A long-lived worker (start_contained: a check worker of check_worker.py) runs under the same supervisor,
  without a timeout, and is itself a subreaper that kills everything below it after each check (_check_loop.py):
  nothing a check starts outlives the check, in a worker or not (issue 34, item 4).
- output: stdout and stderr go to files, never pipes, so a descendant holding them open cannot stall the
  result; the verdict is the command's own exit status.
- environment: only PATH, LANG, LC_*, PYTHON* and TZ pass, HOME and TMPDIR point into the caller's scratch
  folder, and any name with API_KEY, TOKEN, SECRET, PASSWORD or CREDENTIAL in it is dropped whatever its source.
  The commands that run such code start again without those names first (exec_without_credentials), so no
  ancestor's /proc/PID/environ holds one either.
- resources: CPU seconds, address space and file size are limited (setrlimit); a wall-clock timeout ends it.
- files: `scratch_copy` gives a throwaway copy to run in; the caller runs there (cwd) and it is removed after.

What is not contained: the network; the filesystem beyond the working folder (an absolute path is written
where the user running the gate may write); a process that is killed with SIGKILL before it lets go of a
resource held elsewhere (a lock file, a socket); a process that changes its uid. Run a corpus from
elsewhere in a container or VM if it may be hostile: this guards against careless code, not an attacker.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

KEPT_VARIABLES = re.compile(r"PATH|LANG|LC_[A-Z]+|PYTHON[A-Z_]*|TZ")
_KEPT_NOT_PYTHON = re.compile(r"PATH|LANG|LC_[A-Z]+|TZ")
SECRET_VARIABLES = re.compile(r"API_?KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL", re.IGNORECASE)
SUPERVISOR = Path(__file__).with_name("_supervisor.py")  # run as a script: stdlib only, fast to start
GRACE = 30.0  # seconds past the timeout before the supervisor itself is presumed stuck and killed


@dataclass(frozen=True)
class Limits:
    cpu_seconds: int | None = None  # default: the timeout, rounded up, plus one
    memory: int = 1 << 30  # bytes of address space
    file_size: int = 16 << 20  # bytes per file written


@dataclass(frozen=True)
class Outcome:
    status: int | None  # exit status; -N when killed by signal N; None on timeout or stop
    passed: bool  # exited 0 within the timeout
    timed_out: bool
    detail: str  # the last line of stderr, "timeout after N s", "stopped" or "exit N"
    stdout: str = ""
    stderr: str = ""
    stopped: bool = False  # Stopper.stop() ended it
    lost: bool = False  # the supervisor ended without a report, twice: no verdict on the command


class Stopper:
    """Ends every contained run started with it, now and later: one interrupt stops a whole pool of checks."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: set[subprocess.Popen] = set()
        self.stopped = False

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            live = list(self._live)
        for proc in live:
            _terminate(proc)

    def _add(self, proc: subprocess.Popen) -> None:
        with self._lock:
            self._live.add(proc)
            stopped = self.stopped
        if stopped:
            _terminate(proc)

    def _remove(self, proc: subprocess.Popen) -> None:
        with self._lock:
            self._live.discard(proc)


def contained_env(home: Path, base: Mapping[str, str] | None = None, python_settings: bool = True) -> dict[str, str]:
    """What a contained command sees: the variables it needs to run, no credentials, HOME in scratch.
    python_settings=False also drops PYTHON* (PYTHONPATH...): for a command that must see only its own
    project, run with that project as its working folder."""
    base = os.environ if base is None else base
    kept = KEPT_VARIABLES if python_settings else _KEPT_NOT_PYTHON
    env = {k: v for k, v in base.items() if kept.fullmatch(k)}
    env |= {"HOME": str(home), "TMPDIR": str(home), "PYTHONHASHSEED": "0"}
    return without_secrets(env)


def without_secrets(env: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if not SECRET_VARIABLES.search(k)}


def exec_without_credentials() -> None:
    """Start this command again, in this same process, without any credential in its environment.

    A contained run's own environment holds none, but any process can read the environment its ancestors
    were started with (/proc/PID/environ shows the block given to exec; `del os.environ[...]` does not change
    it), and every check descends from the command. execve gives this process a new block: nothing above a
    check holds a credential any more. Only for a command that needs none (mutate, verify); a no-op when
    there is nothing to drop."""
    if any(SECRET_VARIABLES.search(name) for name in os.environ):
        os.execve(sys.executable, sys.orig_argv, without_secrets(os.environ))


def python_argv(code: str, *args: str) -> list[str]:
    """A Python snippet as a command: isolated mode (no user site, no cwd on sys.path), no bytecode written."""
    return [sys.executable, "-I", "-B", "-c", code, *args]


@contextmanager
def scratch_copy(folder: Path, place: str = "") -> Iterator[Path]:
    """A copy of `folder` in a fresh temporary folder, at `place` below it (e.g. "corpus/items/<id>", so
    that a check reaching for its corpus root by relative path finds the scratch one); yields the copy and
    removes everything afterwards. Symlinks are copied as the files they point to."""
    with tempfile.TemporaryDirectory(prefix="redpen-check-", ignore_cleanup_errors=True) as scratch:
        copy = Path(scratch) / (place or folder.name)
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        try:
            yield copy
        finally:
            _make_removable(Path(scratch))


def run_contained(argv: Sequence[str], cwd: Path, timeout: float, env: Mapping[str, str] | None = None,
                  limits: Limits = Limits(), stopper: Stopper | None = None) -> Outcome:
    """Run `argv` in `cwd` under a supervisor (module docstring): it has `timeout` seconds to exit; whatever it
    started is killed when it does. `env` defaults to contained_env(cwd); secrets are dropped from any env.
    A run whose supervisor ended without a report says nothing of the command (a CI run once lost one on the
    shipped corpus): it runs once more, and a second loss is the outcome, saying how the supervisor ended."""
    env = without_secrets(contained_env(Path(cwd)) if env is None else env)
    outcome = _run_once(argv, cwd, timeout, env, limits, stopper)
    if outcome.lost and not (stopper is not None and stopper.stopped):
        outcome = _run_once(argv, cwd, timeout, env, limits, stopper)
    return outcome


def _run_once(argv: Sequence[str], cwd: Path, timeout: float, env: Mapping[str, str], limits: Limits,
              stopper: Stopper | None) -> Outcome:
    cpu = limits.cpu_seconds or int(timeout) + 1
    read_end, write_end = os.pipe()
    spec = {"argv": list(argv), "timeout": timeout, "fd": write_end,
            "limits": {"cpu": cpu, "memory": limits.memory, "file_size": limits.file_size}}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            proc = subprocess.Popen([sys.executable, "-I", "-S", "-B", str(SUPERVISOR), json.dumps(spec)],
                                    stdin=subprocess.DEVNULL, stdout=out, stderr=err, cwd=cwd, env=env,
                                    start_new_session=True, pass_fds=(write_end,))
        except BaseException:
            os.close(read_end)
            raise
        finally:
            os.close(write_end)  # from here the supervisor holds the only write end: EOF when it exits
        if stopper is not None:
            stopper._add(proc)
        try:
            report = _read_report(read_end, timeout + GRACE)
        except BaseException:  # an interrupt in this thread: end the run before passing it on
            _terminate(proc)
            raise
        finally:
            os.close(read_end)
            if stopper is not None:
                stopper._remove(proc)
        if report is None:  # the supervisor itself is stuck: kill its whole session's group
            kill_group_of(proc.pid)
        proc.wait()
        stdout, stderr = (_tail(f) for f in (out, err))
    if report == {} and stopper is not None and stopper.stopped:  # SIGTERM came before it could report
        report = {"stopped": True}
    return _outcome(report, timeout, stdout, stderr, proc.returncode)


def start_contained(argv: Sequence[str], cwd: Path, env: Mapping[str, str] | None = None, limits: Limits = Limits(),
                    **popen) -> subprocess.Popen:
    """A long-lived contained process (a worker that talks over pipes, inherited through the supervisor), under
    the same supervisor as run_contained's, without a timeout: working in `cwd`, env as run_contained's, memory
    and file-size limits (the CPU limit is its children's own, per task). The Popen is the supervisor's: its
    exit status is the worker's (_supervisor.py). The caller ends it with kill_group, which ends the worker and
    everything below it, in its group or not (a double-forked daemon is the supervisor's to reap)."""
    env = without_secrets(contained_env(Path(cwd)) if env is None else env)
    spec = {"argv": list(argv), "timeout": None, "fd": None,
            "limits": {"cpu": None, "memory": limits.memory, "file_size": limits.file_size}}
    return start_in_session([sys.executable, "-I", "-S", "-B", str(SUPERVISOR), json.dumps(spec)], cwd, env,
                            **popen)


def start_in_session(argv: Sequence[str], cwd: Path, env: Mapping[str, str], **popen) -> subprocess.Popen:
    """A process leading a session of its own (so its own process group): neither Ctrl-C nor SIGTERM sent to
    this command reaches it, and kill_group_of(proc.pid) ends it with whatever it started in its group."""
    return subprocess.Popen(list(argv), cwd=cwd, env=dict(env), start_new_session=True, **popen)


def kill_group(proc: subprocess.Popen) -> None:
    """End a start_contained process with everything below it and reap it: its supervisor, asked to (SIGTERM),
    kills the worker's group and every process reparented to it; SIGKILL to the supervisor's own group if it
    does not answer."""
    if proc.poll() is None:
        _terminate(proc)
    proc.wait()


def kill_group_of(pgid: int) -> None:
    """SIGKILL the process group `pgid` (a start_in_session process's pid), if it is still there."""
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _outcome(report: dict | None, timeout: float, stdout: str, stderr: str, ended: int | None = None) -> Outcome:
    if report is None or report.get("timed_out"):
        return Outcome(None, False, True, f"timeout after {timeout:g} s", stdout, stderr)
    if report.get("stopped"):
        return Outcome(None, False, False, "stopped", stdout, stderr, stopped=True)
    if "status" not in report:  # killed from outside, or broken: never a pass, and say what is known
        how = f"killed by signal {-ended}" if ended is not None and ended < 0 else f"exit {ended}"
        lines = stderr.strip().splitlines()
        said = f": {lines[-1][:200]}" if lines else ""
        return Outcome(None, False, False, f"the supervisor ended without a report ({how}{said})", stdout, stderr,
                       lost=True)
    status = report["status"]
    lines = stderr.strip().splitlines()
    return Outcome(status, status == 0, False, lines[-1] if lines else f"exit {status}", stdout, stderr)


def _read_report(fd: int, deadline: float) -> dict | None:
    """The supervisor's one JSON line, read until it exits; None when it has not within `deadline` s."""
    end = time.monotonic() + deadline
    data = b""
    while True:
        remaining = end - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            return None
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        data += chunk
    try:
        return json.loads(data)
    except ValueError:  # the supervisor died before it could report
        return {}


def _terminate(proc: subprocess.Popen) -> None:
    """Ask a supervisor to end its run (it kills and reaps everything below it); SIGKILL if it does not."""
    with suppress(ProcessLookupError):
        proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(GRACE)
    except subprocess.TimeoutExpired:
        kill_group_of(proc.pid)


def _tail(file, limit: int = 1 << 20) -> str:
    """What a command wrote, its last `limit` bytes at most (a check may write up to the file-size limit)."""
    size = file.seek(0, os.SEEK_END)
    file.seek(max(0, size - limit))
    return file.read().decode("utf-8", errors="replace")


def _make_removable(root: Path) -> None:
    """A check may leave read-only folders behind; make them writable so the scratch copy can go."""
    for folder, dirs, _ in os.walk(root):
        for name in dirs:
            with suppress(OSError):
                os.chmod(os.path.join(folder, name), 0o700, follow_symlinks=False)
