"""Verify's way with the items of `mutate PROJECT`: the checks of one project's source file in one pytest
session of the project (project_tests/session.py) instead of two processes and a copy of the project per check.

Only for an item whose test_item.py is exactly the generated check (project_tests/item_check.py: the template's
text for its values), so what runs is what that file would run: its killing tests, on a copy of the project,
with the full module its snippet stands for in place, under the interpreter, ENV and test arguments it names. A
check's tests pass or fail in the session as they would there. An item mutate kept for a timeout is judged as
mutate judged it: its defective variants under 50 times its repair's time for the same tests (every item's, for
a higher-order item's single faults may hang), and the timeout again in a fresh session. Where an item's results
are not what the gate expects, or the session cannot run a check (a mutant it cannot put in, a hang where mutate
saw none, tests it does not hold), or the tests that failed with a mutant in place fail on the project as it is
too (the session's state, not the mutant, is to blame), the item's checks run again the ordinary way
(checks.run_check) and those results stand: the session can speed a verdict up, never decide one alone. The
project must be there as the item was made from it, else the ordinary checks say why."""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from redpen_bench.gate.check_worker import limit_for
from redpen_bench.gate.checks import Check, CheckResult, checks_for, run_check
from redpen_bench.model.corpus import Corpus, Item
from redpen_bench.model.corpus_files import read_text
from redpen_bench.project_tests.interpreter import project_python
from redpen_bench.project_tests.item_check import ItemCheck, read_item_check
from redpen_bench.project_tests.runner import RunResult, Settings
from redpen_bench.project_tests.session import TestSession
from redpen_bench.sandbox import Stopper

Pair = tuple[Item, Check]
SESSION_ITEMS = 40  # items per session: a session starts in about a second, a file may hold hundreds of items


def project_root(item: Item) -> Path | None:
    project = item.provenance.get("project")
    return (item.folder.parents[1] / project).resolve() if isinstance(project, str) else None


def session_groups(corpus: Corpus) -> tuple[dict[tuple, list[Pair]], list[Item]]:
    """The checks of templated project items, by what one session can run (project, file, interpreter, ENV,
    test arguments) in runs of at most SESSION_ITEMS items; and every other item."""
    groups: dict[tuple, list[Item]] = {}
    others = []
    for item in corpus.items:
        root = project_root(item)
        check = read_item_check(item.folder / "test_item.py") if root is not None else None
        if check is None or not check.tests:  # an older item killed by a timeout re-runs the whole suite
            others.append(item)
            continue
        key = (str(root), check.source, check.python, repr(check.env), repr(check.test_args), check.source_sha)
        groups.setdefault(key, []).append(item)
    # a file's items in runs of at most SESSION_ITEMS, each a session of its own: one file holding most of the
    # items would otherwise be one long task while the other cores idle
    return {(*key, start): [(item, c) for item in items[start:start + SESSION_ITEMS] for c in checks_for(item)]
            for key, items in groups.items() for start in range(0, len(items), SESSION_ITEMS)}, others


def run_session_group(pairs: list[Pair], timeout: float, stopper: Stopper | None = None,
                      done: Callable[[int], None] = lambda n: None) -> list[CheckResult]:
    """One group's checks in one session, item by item (`done` told after each item's); the ordinary way for an
    item whose results are not all as expected and for every item when the project is not as it was."""
    items: dict[str, list[Pair]] = {}
    for item, check in pairs:
        items.setdefault(item.id, []).append((item, check))
    item_checks = {item_id: read_item_check(group[0][0].folder / "test_item.py") for item_id, group in items.items()}
    first = pairs[0][0]
    check = item_checks[first.id]
    root = project_root(first)
    results: list[CheckResult] = []
    if check is None or root is None or not _as_made(root, check):
        for group in items.values():
            results += _ordinary(group, timeout, stopper)
            done(len(group))
        return results
    with tempfile.TemporaryDirectory(prefix="redpen-verify-project-") as scratch:
        copy = Path(scratch) / "project"
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns(*check.ignored))
        python = root / check.python if check.python and (root / check.python).is_file() else project_python(root,
                                                                                                           None)
        settings = Settings(python, tuple(tuple(p) for p in check.env), tuple(check.test_args), timeout)
        tests = sorted({t for found in item_checks.values() if found is not None for t in found.tests})
        session = TestSession(settings, copy, tests, takes_mutants=True, sources=(check.source,))

        def written(tests: list[str], module: str, limit: float) -> RunResult | None:
            """A module the open session cannot put in, written into the copy: its tests in a session of their
            own, which imports it."""
            target, fresh = copy / check.source, TestSession(settings, copy, tests)
            original = target.read_bytes()
            try:
                target.write_text(module, encoding="utf-8")
                return fresh.run(tests, limit, exitfirst=True)
            finally:
                target.write_bytes(original)
                fresh.close()

        try:
            for item_id, group in items.items():
                found = _in_session(session, written, group, item_checks[item_id], timeout,
                                    group[0][0].provenance.get("timed_out") is True)
                if found is None or not all(r.as_expected for r in found):
                    found = _ordinary(group, timeout, stopper)
                results += found
                done(len(group))
                if stopper is not None and stopper.stopped:
                    break
        finally:
            session.close()
    return results


def _as_made(root: Path, check: ItemCheck) -> bool:
    source = root / check.source
    return source.is_file() and hashlib.sha256(source.read_bytes()).hexdigest() == check.source_sha


def _ordinary(group: list[Pair], timeout: float, stopper: Stopper | None) -> list[CheckResult]:
    return [run_check(item, check, timeout, stopper) for item, check in group]


def _in_session(session: TestSession, written: Callable[[list[str], str, float], RunResult | None],
                group: list[Pair], check: ItemCheck | None, timeout: float, timed_out: bool = False
                ) -> list[CheckResult] | None:
    """One item's checks (`check`: its test_item.py's values) in the session, the repairs first, a mutant the
    session cannot put in `written` into a session of its own; None when neither can run one. The defective
    variants run under the limit mutate's rule gives, from the repair's own time for the same tests
    (check_worker.limit_for: a higher-order item's single faults may be mutants mutate killed by a timeout too);
    those of an item mutate kept for a timeout (`timed_out`) each in a session of its own. A timeout counts as a
    kill when it happens in a session of its own."""
    item = group[0][0]
    if check is None:
        return None
    results, limit, repair_seconds = [], timeout, 0.0
    for _, c in sorted(group, key=lambda pair: not pair[1].should_pass):
        known, module = check.module_for(read_text(item.file(c.variant)))
        if not known:  # the generated check's own refusal
            results.append(CheckResult(c, False, "AssertionError: not one of this item's snippets: no full module "
                                                 "to run the project's tests on"))
            continue
        mutant = (check.source, module) if module is not None else None
        # a mutant kept for a timeout goes straight to a session of its own, where alone a timeout counts: in the
        # open one it would only wait out its limit first, and end that session
        fresh = timed_out and mutant is not None
        # to the first failure: one failing test fails the check as all of them would
        run = None if fresh else session.run(check.tests, limit if mutant else timeout, exitfirst=True, mutant=mutant)
        if run is None and mutant is not None:
            run, fresh = written(check.tests, module, limit), True
        if run is not None and run.timed_out and mutant is not None:
            # a timeout is a kill, as it is in the check's own process, once it happens in a session of its own
            again = run if fresh else written(check.tests, module, limit)
            if again is None or not again.timed_out:
                return None
            results.append(CheckResult(c, False, f"timeout after {limit:g} s"))
            continue
        if run is None or run.timed_out:
            return None
        if mutant is None and run.passed:
            repair_seconds = max(repair_seconds, run.tests_seconds)  # as mutate measured: not the request's
            limit = limit_for(repair_seconds, timeout)
        if not run.passed and mutant is not None:  # the mutant's fault only if the project as it is passes them
            unmodified = session.run(list(run.failed) or check.tests, timeout, exitfirst=True)
            if unmodified is None or not unmodified.passed:
                return None
        detail = "" if run.passed else f"AssertionError: killing tests fail: {run.summary()}"
        results.append(CheckResult(c, run.passed, detail))
    return results
