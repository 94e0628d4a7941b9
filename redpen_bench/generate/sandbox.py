"""Where `mutate` starts processes that run source and test code: one place, so the gate's contained runner
(gate/containment.py) can replace it. Each process gets its own session (its whole group is killed at the
end), a scratch working folder, an environment without credentials and limits on memory and file size."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess

MEMORY_LIMIT = 1 << 30  # bytes of address space: a mutant that allocates without end dies, not the machine
FILE_LIMIT = 16 << 20  # bytes any one file may grow to
# the same rules as gate/containment.py (which generate/, a sibling layer, may not import): only what a
# Python process needs passes, never a credential, nor PYTHON* settings (the project's own path is its cwd)
_KEPT = re.compile(r"PATH|LANG|LC_[A-Z]+|TZ")
_SECRET = re.compile(r"API_?KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL", re.IGNORECASE)


def scrubbed_env(scratch: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """What a contained process sees: PATH and locale, home and temp in the scratch folder, no credentials."""
    env = {k: v for k, v in os.environ.items() if _KEPT.fullmatch(k) and not _SECRET.search(k)}
    env |= {"HOME": scratch, "TMPDIR": scratch, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    return env | (extra or {})


def _limits() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))


def spawn(command: list[str], scratch: str, **kwargs) -> subprocess.Popen:
    """A contained process in its own session, working in `scratch`."""
    return subprocess.Popen(command, cwd=scratch, env=scrubbed_env(scratch, kwargs.pop("env", None)),
                            start_new_session=True, preexec_fn=_limits, **kwargs)


def kill_group(proc: subprocess.Popen) -> None:
    """The process and everything it started (forked children, grandchildren): its whole session group."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def run(command: list[str], scratch: str, timeout: float, env: dict | None = None
        ) -> tuple[int | None, str]:
    """Run to completion: (exit status or None on timeout, stdout and stderr together)."""
    proc = spawn(command, scratch, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                 stderr=subprocess.STDOUT, text=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        return None, ""
    finally:
        kill_group(proc)  # a test that left a process behind does not outlive its run
