"""The check worker's program (started by check_worker.py as `python -I -B _check_loop.py TEST CHECK SUPERVISOR`,
stdlib only, under the sandbox's supervisor).

It compiles the item's test module once. For each module path read from its requests it loads the test and
the path as fresh module objects, calls the check under an alarm and answers; then it puts back what a check
commonly changes of the interpreter (working folder, environment, the random generator's state, sys.path,
the recursion limit, builtins, the standard streams), so every check starts from the state the first one had,
with the random generator seeded.
Modules a check imports stay imported, as they would in one test session, and an attribute a check reassigns in
one of them stays reassigned (a worker that can no longer put the interpreter back is replaced).

Nothing a check starts outlives it: the worker is a child subreaper, and after each check it kills and reaps
every process below it, a child in a session of its own and a double-forked daemon (reparented to it) too,
with the supervisor's own code (sandbox/_supervisor.py, loaded from the path given): one containment for checks
in a worker and checks in an interpreter of their own.

A request is a line "PATH<TAB>SECONDS" (the time limit of that check). One JSON line per request:
{"status": "pass" | "fail" | "timeout", "detail": str, "seconds": float}, with "restart": true when the
interpreter could not be put back (the worker then ends and is started again). A check that outlives its alarm
(a loop in C, or one that swallows the alarm for ever) gets no answer: the parent kills and restarts us.
"""

import builtins
import importlib.util
import json
import os
import random
import signal
import sys
import time

REPEAT = 0.05  # seconds between alarms after the first: a check that catches one meets the next


class CheckTimeout(BaseException):
    """Raised into the check by the alarm; a BaseException so that `except Exception` does not swallow it."""


class Interpreter:
    """The interpreter state a check may change and the next check must not see."""

    def __init__(self):
        self.cwd, self.environ, self.path = os.getcwd(), dict(os.environ), list(sys.path)
        self.random, self.recursion = random.getstate(), sys.getrecursionlimit()
        self.builtins, self.streams = dict(vars(builtins)), (sys.stdin, sys.stdout, sys.stderr)

    def restore(self):
        names = vars(builtins)  # first, and looked up once: while it is cleared no builtin name resolves
        if names != self.builtins:
            names.clear()
            names.update(self.builtins)
        os.makedirs(self.cwd, exist_ok=True)  # a check may have deleted its working folder
        os.chdir(self.cwd)
        if os.environ != self.environ:
            os.environ.clear()
            os.environ.update(self.environ)
        sys.path[:] = self.path
        random.setstate(self.random)
        sys.setrecursionlimit(self.recursion)
        sys.stdin, sys.stdout, sys.stderr = self.streams


class Alarm:
    """The check's time limit as a repeating real-time alarm; `fired` stays true once it went off."""

    fired = False

    def _ring(self, signum, frame):
        self.fired = True
        raise CheckTimeout

    def start(self, seconds):
        self.fired = False
        signal.signal(signal.SIGALRM, self._ring)  # again each time: the last check may have replaced it
        signal.setitimer(signal.ITIMER_REAL, seconds, REPEAT)

    def stop(self):
        signal.setitimer(signal.ITIMER_REAL, 0)


def load(name, path, run=True):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    if run:  # IMPORT_VARIANT = False in the test module: the check reads the variant's file, never runs it
        spec.loader.exec_module(module)
    return module


def check_once(test_spec, test_code, check_name, path, limit, alarm):
    """(status, detail): the check of a fresh test module called on a fresh module loaded from path."""
    status, detail = "fail", ""
    alarm.start(limit)
    try:
        try:
            test = importlib.util.module_from_spec(test_spec)
            exec(test_code, vars(test))
            getattr(test, check_name)(load("variant_under_test", path, getattr(test, "IMPORT_VARIANT", True)))
            status = "pass"
        except SystemExit as exc:  # as the gate's own interpreter would exit
            status = "pass" if exc.code in (None, 0) else "fail"
            detail = f"SystemExit: {exc.code}"
        except BaseException as exc:  # anything the check or the module raises is a kill
            detail = f"{type(exc).__name__}: {exc}"
        finally:
            alarm.stop()
    except CheckTimeout:  # the alarm went off between the check's end and its stop
        pass
    return ("timeout", "") if alarm.fired else (status, detail)


def main():
    test_path, check_name = sys.argv[1], sys.argv[2]
    supervisor = load("redpen_supervisor", sys.argv[3])
    supervisor.become_subreaper()
    # the protocol gets file descriptors of its own: a check that reads stdin or prints reaches /dev/null
    requests, replies = os.fdopen(os.dup(0), "r"), os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    try:
        test_spec = importlib.util.spec_from_file_location("test_item", test_path)
        with open(test_path, "rb") as file:
            test_code = compile(file.read(), test_path, "exec")
        first = importlib.util.module_from_spec(test_spec)
        exec(test_code, vars(first))
        getattr(first, check_name)
    except BaseException as exc:
        replies.write(json.dumps({"fatal": f"{type(exc).__name__}: {exc}"}) + "\n")
        replies.flush()
        return
    random.seed(0)  # a check that draws unseeded numbers draws the same ones in every run, on every machine
    alarm, pristine = Alarm(), Interpreter()
    replies.write(json.dumps({"ready": True}) + "\n")
    replies.flush()
    for request in requests:
        path, _, limit = request.rstrip("\n").rpartition("\t")
        start = time.monotonic()
        status, detail = check_once(test_spec, test_code, check_name, path, float(limit), alarm)
        seconds = time.monotonic() - start
        supervisor.kill_everything_below()  # before the answer: the next check starts with none of them
        reply = {"status": status, "detail": detail[:400], "seconds": round(seconds, 4)}
        try:
            pristine.restore()
        except BaseException:  # the check broke what puts the interpreter back (os.chdir replaced, say)
            reply["restart"] = True
        replies.write(json.dumps(reply) + "\n")
        replies.flush()
        if reply.get("restart"):
            return  # this interpreter cannot be trusted for the next check: the parent starts a new one


if __name__ == "__main__":
    main()
