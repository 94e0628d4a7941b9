"""Killability: each item's check fails on its defective variants and passes on their repairs.

Every check runs contained (containment.py): its own interpreter under a supervisor, on a scratch copy of
the item, without credentials, with CPU/memory/file-size limits and a wall-clock timeout; whatever it starts
is killed when it ends. A runaway or careless snippet cannot stall or break the gate. A timeout is a kill.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from redpen_bench.gate.containment import Stopper, contained_env, python_argv, run_contained, scratch_copy
from redpen_bench.model.corpus import Corpus, Item

_RUN_CHECK = r"""
import importlib.util, sys
def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
variant = load("variant_under_test", sys.argv[1])
getattr(load("test_item", sys.argv[2]), sys.argv[3])(variant)
"""

@dataclass(frozen=True)
class Check:
    item: str
    variant: str
    function: str
    should_pass: bool


@dataclass(frozen=True)
class CheckResult:
    check: Check
    passed: bool
    detail: str  # the last line of stderr, or "timeout"

    @property
    def as_expected(self) -> bool:
        return self.passed == self.check.should_pass

    def reason(self) -> str:
        c = self.check
        if c.should_pass:
            return f"{c.function} fails on {c.variant}.py (should pass): {self.detail}"
        return f"{c.function} passes on {c.variant}.py: the defect is not killed"


def checks_for(item: Item) -> list[Check]:
    checks = [
        Check(item.id, "original", "check_original", False),
        Check(item.id, "fixed", "check_original", True),
    ]
    if "clean" in item.variants:
        checks.append(Check(item.id, "clean", "check_original", True))
    # a higher-order mutant's every fault is killable alone, not only their combination
    checks += [Check(item.id, path.stem, "check_original", False) for path in item.single_faults]
    if "disguised" in item.variants:
        checks.append(Check(item.id, "disguised", "check_disguised", False))
        checks.append(Check(item.id, "disguised_fixed", "check_disguised", True))
    return checks


def run_check(item: Item, check: Check, timeout: float, stopper: Stopper | None = None) -> CheckResult:
    """One check on a scratch copy of the item (placed as in a corpus: a check that writes beside itself or
    into its corpus root by relative path writes into scratch)."""
    with scratch_copy(item.folder, f"corpus/items/{item.id}") as copy:
        argv = python_argv(_RUN_CHECK, str(copy / f"{check.variant}.py"), str(copy / "test_item.py"), check.function)
        env, project = None, item.provenance.get("project")
        if isinstance(project, str):  # a generated project item: its check re-runs the project's killing tests
            env = contained_env(copy) | {"REDPEN_PROJECT": str((item.folder.parents[1] / project).resolve())}
        outcome = run_contained(argv, copy, timeout, env=env, stopper=stopper)
    return CheckResult(check, outcome.passed, outcome.detail)


def run_killability(corpus: Corpus, timeout: float = 10.0, jobs: int | None = None) -> dict[str, list[CheckResult]]:
    """All checks of all items, in parallel across the machine's cores; results grouped by item id."""
    work = [(item, check) for item in corpus.items for check in checks_for(item)]
    stopper = Stopper()
    pool = ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 2)
    try:
        results = list(pool.map(lambda pair: run_check(pair[0], pair[1], timeout, stopper), work))
    except BaseException:  # Ctrl-C: no check starts after this, and every running one is ended and reaped
        pool.shutdown(wait=False, cancel_futures=True)
        stopper.stop()
        pool.shutdown(wait=True)
        raise
    pool.shutdown()
    grouped: dict[str, list[CheckResult]] = {item.id: [] for item in corpus.items}
    for result in results:
        grouped[result.check.item].append(result)
    return grouped
