"""Killability: each item's check fails on its defective variants and passes on their repairs.

Every check runs in its own subprocess (isolated interpreter, scratch folder, CPU/memory/file-size limits,
wall-clock timeout), so a runaway or hostile snippet cannot stall or break the gate. A timeout is a kill.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

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

MEMORY_LIMIT = 1 << 30  # bytes of address space per check
FILE_LIMIT = 16 << 20  # bytes a check may write


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


def _limits(timeout: float):
    def apply() -> None:
        import resource

        cpu = int(timeout) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))

    return apply


def run_check(item: Item, check: Check, timeout: float) -> CheckResult:
    with tempfile.TemporaryDirectory(prefix="redpen-check-") as scratch:
        command = [sys.executable, "-I", "-B", "-c", _RUN_CHECK, str(item.file(check.variant).resolve()),
                   str(item.test_path.resolve()), check.function]
        env = {"PATH": os.environ.get("PATH", ""), "HOME": scratch, "TMPDIR": scratch, "PYTHONHASHSEED": "0"}
        try:
            proc = subprocess.run(command, cwd=scratch, env=env, capture_output=True, text=True, timeout=timeout,
                                  preexec_fn=_limits(timeout) if os.name == "posix" else None)
        except subprocess.TimeoutExpired:
            return CheckResult(check, False, f"timeout after {timeout:g} s")
    lines = proc.stderr.strip().splitlines()
    return CheckResult(check, proc.returncode == 0, lines[-1] if lines else f"exit {proc.returncode}")


def run_killability(corpus: Corpus, timeout: float = 10.0, jobs: int | None = None) -> dict[str, list[CheckResult]]:
    """All checks of all items, in parallel across the machine's cores; results grouped by item id."""
    work = [(item, check) for item in corpus.items for check in checks_for(item)]
    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda pair: run_check(pair[0], pair[1], timeout), work))
    grouped: dict[str, list[CheckResult]] = {item.id: [] for item in corpus.items}
    for result in results:
        grouped[result.check.item].append(result)
    return grouped
