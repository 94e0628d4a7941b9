"""Killability: each item's check fails on its defective variants and passes on their repairs.

Every check runs contained (redpen_bench/sandbox): its own interpreter under a supervisor, on a scratch copy of
the item, without credentials, with CPU/memory/file-size limits and a wall-clock timeout; whatever it starts
is killed when it ends. A runaway or careless snippet cannot stall or break the gate. A timeout is a kill.

A generated corpus (in_workers=True) runs its checks in check workers instead (check_worker.py): one contained
interpreter per test module and check function (the items of one source file share their test_item.py) runs
check after check, each on fresh modules, as `mutate` did when it kill-checked them. What differs from one
interpreter per check: the variant is loaded from the worker's scratch folder, not from a copy of its item (a
check is given the module; one that opens its item's files by relative path would not find them), and a process
a check leaves behind lives until its worker ends, not until its check ends, and modules a check imports stay
imported for the next, with whatever it changed in them. Items of project mode (their check re-runs the
project's tests) run in one session of the project per source file when their check is the generated one
(project_items.py), else, like test modules the worker cannot import, one interpreter per check.

An item `mutate` marked as killed by a timeout ([provenance] timed_out) has its defective variants checked under
the limit mutate gave them, from its repair's own check time (check_worker.limit_for: 50 times that, at least
1 s, at most the timeout), not the whole timeout: the same decision mutate took, without waiting out a mutant
that loops for ever for the full timeout.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from redpen_bench.errors import InputError
from redpen_bench.gate import project_items
from redpen_bench.gate.check_worker import CheckWorker, limit_for
from redpen_bench.gate.checks import Check, CheckResult, checks_for, run_check
from redpen_bench.model.corpus import Corpus, Item
from redpen_bench.model.corpus_files import read_text
from redpen_bench.run.executor import Executor
from redpen_bench.run.progress import Progress, no_progress
from redpen_bench.sandbox import Stopper

__all__ = ["Check", "CheckResult", "checks_for", "run_check", "run_killability"]


class _Workers:
    """The live check workers of one gate run: an interrupt closes them all and no group starts after."""

    def __init__(self) -> None:
        self.lock, self.live, self.stopped = threading.Lock(), set(), threading.Event()

    def stop(self) -> None:
        self.stopped.set()
        with self.lock:
            live = list(self.live)
        for worker in live:
            worker.close()


def _run_in_worker(pairs: list[tuple[Item, Check]], timeout: float, stopper: Stopper, workers: _Workers
                ) -> list[CheckResult]:
    """One group's checks (same test module, same function) through one check worker."""
    item, first = pairs[0]
    try:
        worker = CheckWorker(item.folder / "test_item.py", first.function, timeout)
    except InputError:  # the import fails: one interpreter per check says so, check by check
        return [run_check(i, c, timeout, stopper) for i, c in pairs]
    with workers.lock:
        workers.live.add(worker)
    results: list[CheckResult | None] = [None] * len(pairs)
    repair_seconds: dict[str, float] = {}
    try:
        # the repairs first: an item killed by a timeout is checked under the limit its repair's time sets
        for i in sorted(range(len(pairs)), key=lambda i: not pairs[i][1].should_pass):
            item, check = pairs[i]
            if workers.stopped.is_set():
                break
            limit = timeout
            if not check.should_pass and item.provenance.get("timed_out") is True and item.id in repair_seconds:
                limit = limit_for(repair_seconds[item.id], timeout)
            outcome = worker.check(read_text(item.file(check.variant)), limit)
            if check.variant == "fixed" and outcome.status == "pass":
                repair_seconds[item.id] = outcome.seconds
            detail = f"timeout after {limit:g} s" if outcome.status == "timeout" else outcome.detail
            results[i] = CheckResult(check, outcome.status == "pass", detail)
    finally:
        with workers.lock:
            workers.live.discard(worker)
        worker.close()
    return [result for result in results if result is not None]


def _groups(corpus: Corpus, in_workers: bool) -> list[tuple[str, list[tuple[Item, Check]]]]:
    """Work units: ("one", [pair]) per check run alone, ("worker", pairs) per test module and function, and
    ("session", pairs) per project source file whose items carry the generated project check."""
    alone, by_test, sessions = [], {}, {}
    if in_workers:
        sessions, others = project_items.session_groups(corpus)
    else:
        others = corpus.items
    for item in others:
        if not in_workers or isinstance(item.provenance.get("project"), str):
            alone += [("one", [(item, check)]) for check in checks_for(item)]
            continue
        test = hashlib.sha256((item.folder / "test_item.py").read_bytes()).hexdigest()  # once per item
        for check in checks_for(item):
            by_test.setdefault((test, check.function), []).append((item, check))
    return ([("session", sessions[key]) for key in sorted(sessions)] + [("worker", by_test[key]) for key in
            sorted(by_test)] + alone)


def _run_group(unit: tuple[str, list[tuple[Item, Check]]], timeout: float, stopper: Stopper | None = None,
               workers: _Workers | None = None, done: Callable[[int], None] | None = None) -> list[CheckResult]:
    """One work unit's checks: a group through one check worker or one project session, or a check alone. On a
    Dask worker (no stopper given) the task's own: what it starts ends with it. `done`: told of the checks a
    session group has finished, as it goes (a project's checks can take minutes)."""
    kind, pairs = unit
    stopper = stopper or Stopper()
    if kind == "worker":
        return _run_in_worker(pairs, timeout, stopper, workers or _Workers())
    if kind == "session":
        return project_items.run_session_group(pairs, timeout, stopper, done or (lambda n: None))
    return [run_check(pairs[0][0], pairs[0][1], timeout, stopper)]


CHECKS = "killability checks"  # what verify's progress counts


def run_killability(corpus: Corpus, timeout: float = 10.0, jobs: int | None = None,
                    in_workers: bool = False, executor: Executor | None = None,
                    progress: Progress = no_progress) -> dict[str, list[CheckResult]]:
    """All checks of all items, in parallel across the machine's cores (or, with a distributed `executor`, one
    task per work unit on its workers); results grouped by item id. in_workers: the corpus is a generated
    one, checked through check workers (module docstring)."""
    work = _groups(corpus, in_workers)
    progress(CHECKS, 0, sum(len(pairs) for _, pairs in work))
    if executor is not None and executor.distributed:
        return _grouped(corpus, [r for found in executor.run_all(_run_group, [(u, timeout) for u in work])
                                 for r in found])
    stopper, workers = Stopper(), _Workers()

    def run(unit: tuple[str, list[tuple[Item, Check]]]) -> list[CheckResult]:
        if unit[0] == "session":
            return _run_group(unit, timeout, stopper, workers, lambda n: progress(CHECKS, n))
        found = _run_group(unit, timeout, stopper, workers)
        progress(CHECKS, len(found))
        return found

    pool = ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 2)
    try:
        results = [r for found in pool.map(run, work) for r in found]
    except BaseException:  # Ctrl-C: no check starts after this, and every running one is ended and reaped
        pool.shutdown(wait=False, cancel_futures=True)
        stopper.stop()
        workers.stop()
        pool.shutdown(wait=True)
        raise
    pool.shutdown()
    return _grouped(corpus, results)


def _grouped(corpus: Corpus, results: list[CheckResult]) -> dict[str, list[CheckResult]]:
    grouped: dict[str, list[CheckResult]] = {item.id: [] for item in corpus.items}
    for result in results:
        grouped[result.check.item].append(result)
    return grouped
