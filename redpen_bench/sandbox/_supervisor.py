"""The supervisor of one contained run (sandbox/__init__.py): a script, run as `python -I -S -B _supervisor.py SPEC`.

It starts the command (subprocess.Popen) in a process group of its own, waits for it to exit or for the timeout,
then kills the group and every process left below the supervisor, reaps them, and writes one JSON line to the report
fd: {"status": N} (-N: killed by signal N), {"timed_out": true} or {"stopped": true} (SIGTERM). Standard
library only and nothing imported that it does not use: it starts once per check.

A long-lived worker (sandbox.start_contained) runs under it too, with no timeout and no report fd: the supervisor
then ends as its command did (the same exit status, or the same signal), so the worker's parent reads the
worker's own end. The check worker (gate/_check_loop.py) loads this file for `become_subreaper` and
`kill_everything_below`, to end after each check what that check started: one containment for both paths.
"""

import contextlib
import json
import os
import signal
import sys

PR_SET_CHILD_SUBREAPER = 36


class _Stop(Exception):
    pass


_finished = False  # the command's status is known: a timeout or stop coming later changes nothing


def _raise(signum, _frame):
    # once only, and never once the status is known: raising later would end the supervisor outside its try,
    # with no report at all
    global _finished
    if not _finished:
        _finished = True
        raise _Stop(signum)


def become_subreaper() -> None:
    """Orphans below us are reparented to us, not to init: a double-forked daemon stays in reach."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _start(argv, limits) -> int | None:
    """The command in a process group of its own, under the check's limits (set on the supervisor, which uses
    next to nothing of them, and inherited); None, after saying why on stderr, when it cannot start."""
    import resource
    import subprocess

    for name, value in (("RLIMIT_CPU", limits["cpu"]), ("RLIMIT_AS", limits["memory"]),
                        ("RLIMIT_FSIZE", limits["file_size"])):
        if value is not None:  # a worker has no CPU limit of its own: its checks are timed one by one
            resource.setrlimit(getattr(resource, name), (value, value))
    try:  # close_fds (the default) keeps the report fd the supervisor's alone
        return subprocess.Popen(argv, process_group=0).pid
    except OSError as exc:
        os.write(2, f"contained run: cannot start {argv[0]}: {exc}\n".encode())
        return None


def _status(result) -> int:
    return result.si_status if result.si_code == os.CLD_EXITED else -result.si_status


def _children() -> list[int]:
    me = os.getpid()
    try:  # every thread's: a child started from a thread is listed under that thread
        found = []
        for task in os.listdir(f"/proc/{me}/task"):
            with open(f"/proc/{me}/task/{task}/children") as file:
                found += [int(p) for p in file.read().split()]
        return found
    except OSError:
        pass
    found = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as file:
                    # pid (comm) state ppid ...; comm may hold spaces and parentheses
                    if int(file.read().rsplit(")", 1)[1].split()[1]) == me:
                        found.append(int(name))
            except (OSError, IndexError, ValueError):
                pass
    return found


def kill_everything_below(group: int | None = None) -> None:
    """SIGKILL the command's group (if given), then each child of ours until none is left. A killed process's
    children are reparented to us before it can be reaped, so each round sees them; waitpid returns once one
    dies."""
    if group is not None:
        with contextlib.suppress(OSError):
            os.killpg(group, signal.SIGKILL)
    while True:
        for pid in _children():
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def main() -> None:
    global _finished
    spec = json.loads(sys.argv[1])
    report, pid = {}, None
    try:
        signal.signal(signal.SIGTERM, _raise)
        signal.signal(signal.SIGALRM, _raise)
        become_subreaper()
        pid = _start(spec["argv"], spec["limits"])
        if pid is None:
            report["status"] = 127  # as a shell says of a command it cannot run
        else:
            if spec["timeout"] is not None:
                signal.setitimer(signal.ITIMER_REAL, spec["timeout"])
            # WNOWAIT: the command stays a zombie, so its pid, and with it its group, cannot be reused before killpg
            result = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
            _finished = True
            report["status"] = _status(result)
    except _Stop as stop:
        report = {"timed_out": True} if stop.args[0] == signal.SIGALRM else {"stopped": True}
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    kill_everything_below(pid)  # pid None: a stop came as it started; its children are still ours to end
    if spec["fd"] is not None:
        os.write(spec["fd"], json.dumps(report).encode())
    else:
        _end_as(report.get("status"))


def _end_as(status) -> None:
    """A worker's supervisor ends as its command did: its exit status, or killed by the same signal."""
    if status is None:  # stopped
        os._exit(128 + signal.SIGTERM)
    if status >= 0:
        os._exit(status)
    signal.signal(-status, signal.SIG_DFL)
    os.kill(os.getpid(), -status)
    os._exit(128 - status)  # a signal that does not end a process


if __name__ == "__main__":
    main()
