"""The forked-check worker (run by forked_checks.py as `python -I -B _fork_worker.py TEST CHECK`, stdlib only).

It imports the item's test module once, then for each module path read from stdin forks: the child loads the
path as a fresh module, calls the check and exits 0 (passed) or 1 (raised). Every module so runs against a
pristine copy of the imported test, and the import is paid once per test module, not once per check.
A request is a line "PATH<TAB>SECONDS" (the time limit of that check, at most TIMEOUT).
One JSON line per request on stdout: {"status": "pass" | "fail" | "timeout", "detail": str, "seconds": float}.
"""

import gc
import importlib.util
import json
import os
import resource
import signal
import sys
import time


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def child(check, path, write_end, timeout):
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # the protocol pipes stay the worker's alone
        os.dup2(devnull, fd)
    signal.setitimer(signal.ITIMER_REAL, timeout)  # default action: terminate
    cpu = int(timeout) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    status, detail = 1, ""
    try:
        check(load("variant_under_test", path))
        status = 0
    except SystemExit as exc:  # as the gate's interpreter would exit
        status = 0 if exc.code in (None, 0) else 1
        detail = f"SystemExit: {exc.code}"
    except BaseException as exc:  # anything the check or the module raises is a kill
        detail = f"{type(exc).__name__}: {exc}"
    os.write(write_end, detail[:400].encode("utf-8", "replace"))
    os._exit(status)


def main():
    test_path, check_name = sys.argv[1], sys.argv[2]
    try:
        check = getattr(load("test_item", test_path), check_name)
    except BaseException as exc:
        print(json.dumps({"fatal": f"{type(exc).__name__}: {exc}"}), flush=True)
        return
    print(json.dumps({"ready": True}), flush=True)
    gc.freeze()  # the imported test stays in pages the forks share
    for line in sys.stdin:
        path, _, limit = line.rstrip("\n").rpartition("\t")
        limit = float(limit)
        read_end, write_end = os.pipe()
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            child(check, path, write_end, limit)
        os.close(write_end)
        chunks = []
        while chunk := os.read(read_end, 4096):
            chunks.append(chunk)
        os.close(read_end)
        _, wait_status = os.waitpid(pid, 0)
        seconds = time.monotonic() - start
        detail = b"".join(chunks).decode("utf-8", "replace")
        if os.WIFSIGNALED(wait_status) and os.WTERMSIG(wait_status) in (signal.SIGALRM, signal.SIGXCPU):
            status = "timeout"
        elif os.WIFEXITED(wait_status) and os.WEXITSTATUS(wait_status) == 0:
            status = "pass"
        else:
            status = "fail"
            detail = detail or f"exit status {wait_status}"
        print(json.dumps({"status": status, "detail": detail, "seconds": round(seconds, 4)}), flush=True)


if __name__ == "__main__":
    main()
