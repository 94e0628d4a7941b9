"""One check of the gate: an item's check function on one of its variants, run contained on a scratch copy of
the item (redpen_bench/sandbox), and what it came to. Which checks an item has (checks_for) is said here once:
killability.py runs them for the whole corpus, project_items.py runs a project's in one session."""

from __future__ import annotations

from dataclasses import dataclass

from redpen_bench.model.corpus import Item
from redpen_bench.sandbox import Stopper, contained_env, python_argv, run_contained, scratch_copy

# A test_item.py that sets IMPORT_VARIANT = False gets the variant as a module object naming its file, not run
# (corpus/FORMAT.md): a project item's snippet is an excerpt that runs only inside its project.
_RUN_CHECK = r"""
import importlib.util, sys
def load(name, path, run=True):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    if run:
        spec.loader.exec_module(module)
    return module
test = load("test_item", sys.argv[2])
variant = load("variant_under_test", sys.argv[1], getattr(test, "IMPORT_VARIANT", True))
getattr(test, sys.argv[3])(variant)
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
