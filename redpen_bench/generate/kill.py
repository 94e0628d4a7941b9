"""Kill checks: a mutant is killed when its check raises; a timeout is a kill only when the unmutated source ran
well inside the limit, and it is marked as one. Corpus mode runs its checks in a check worker (gate/check_worker.py: one
contained interpreter per source file runs the item's check on each mutant in turn, on fresh modules)."""

from __future__ import annotations

from redpen_bench.errors import InputError
from redpen_bench.gate.check_worker import CheckWorker, Outcome, limit_for

# the source must run in at most this share of a mutant's limit for its timeout to count as a kill:
# a limit the source itself nearly reaches would call a slow machine a kill
TIMEOUT_MARGIN = 0.25
# project mode: a module that raises at import; a suite that passes with it never imports the file
FORCED_FAIL = 'raise RuntimeError("redpen-bench forced failure: a check must fail on this module")\n'
# corpus mode: the harness imports the module itself, so it is one whose every name raises; a check that
# passes on it never looked at the code it was given
FORCED_FAIL_NAMES = ('def __getattr__(name):\n'
                     '    raise RuntimeError(f"redpen-bench forced failure: {name} looked up")\n')


def verdict(outcome: Outcome, source_seconds: float, timeout: float) -> str:
    """killed | timed-out (a kill, marked) | survived | slow (a timeout that proves nothing: discarded)."""
    if outcome.status == "fail":
        return "killed"
    if outcome.status == "timeout":
        return "timed-out" if source_seconds <= TIMEOUT_MARGIN * limit_for(source_seconds, timeout) else "slow"
    return "survived"


def baseline(worker: CheckWorker, source: str, source_path: str) -> Outcome:
    """The unmutated source passes its check, and a module that raises at import fails it."""
    outcome = worker.check(source)
    if outcome.status != "pass":
        detail = "timed out" if outcome.status == "timeout" else outcome.detail
        raise InputError(f"{source_path}: {worker.check_name} fails on the unmutated source: {detail}")
    if worker.check(FORCED_FAIL_NAMES).status == "pass":
        raise InputError(f"{worker.test_path}: {worker.check_name} passes on a module whose every name raises: "
                         "it does not test the code it is given")
    return outcome
