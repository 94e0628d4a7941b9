"""Project mode: mutate a project's source files and keep the mutants its own pytest suite kills.

The project is copied once per job into scratch folders and never written to; each mutant is written into a
copy, the suite runs there (`python -m pytest -x`), and the file is put back. The failing test ids are the
killing tests, recorded in the item so that verify can re-run them."""

from __future__ import annotations

import fnmatch
import hashlib
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.gate.containment import contained_env, kill_group, start_contained
from redpen_bench.generate import items
from redpen_bench.generate.kill import FORCED_FAIL, Outcome, limit_for
from redpen_bench.generate.mutate import MutateResult, check_out, finish, write_items
from redpen_bench.generate.pipeline import UNITS, higher_order, scan_unit, tally
from redpen_bench.generate.units import HOM, Killed, Options, Unit, UnitResult, add_scan_counts
from redpen_bench.run.progress import Progress

IGNORED = shutil.ignore_patterns(".git", "__pycache__", "*.pyc", ".pytest_cache", ".venv", "venv", ".tox",
                                 "node_modules", ".mypy_cache", ".ruff_cache")
_SKIPPED_DIRS = {".git", "__pycache__", ".venv", "venv", ".tox", "build", "dist", "node_modules", "tests", "test"}
_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)
TEMPLATE = Path(__file__).with_name("project_test_item.py.txt")


def is_test_file(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return name.startswith("test_") or name.endswith("_test.py") or name in ("conftest.py", "setup.py")


def project_units(root: Path, globs: tuple[str, ...], tests: tuple[str, ...] = ()) -> list[Unit]:
    """The files to mutate: those matching --source, else every .py but tests, conftest, setup.py and the
    paths given to --tests."""
    units = []
    test_paths = tuple(t.split("::")[0].rstrip("/") for t in tests)
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        parts = rel.split("/")
        if globs:
            if not any(fnmatch.fnmatchcase(rel, g) for g in globs):
                continue
        elif (is_test_file(rel) or any(p in _SKIPPED_DIRS or p.startswith(".") for p in parts[:-1])
              or any(rel == t or rel.startswith(t + "/") for t in test_paths)):
            continue
        slug = re.sub(r"[^A-Za-z0-9]+", "-", rel.removesuffix(".py")).strip("-").lower()
        units.append(Unit(rel, path, slug))
    if not units:
        raise InputError(f"{root}: --source {list(globs) or 'default'}: no Python source files to mutate")
    return units


class Copies:
    """`jobs` scratch copies of the project, handed out one at a time."""

    def __init__(self, root: Path, jobs: int):
        self.scratch = tempfile.mkdtemp(prefix="redpen-mutate-project-")
        self.free: queue.Queue[Path] = queue.Queue()
        for i in range(jobs):
            copy = Path(self.scratch) / f"copy{i}"
            shutil.copytree(root, copy, ignore=IGNORED, symlinks=False)
            self.free.put(copy)

    def close(self) -> None:
        shutil.rmtree(self.scratch, ignore_errors=True)


def _run(command: list[str], copy: Path, timeout: float) -> tuple[int | None, str]:
    """Run contained in `copy` to the end: (exit status or None on timeout, stdout and stderr together). No
    PYTHON* variable passes (the project's own path is its working folder); plugins installed beside Red-Pen
    (hypothesis, ...) are not loaded: they took five of six seconds of each run."""
    env = contained_env(copy, python_settings=False) | {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
                                                        "PYTHONDONTWRITEBYTECODE": "1"}
    proc = start_contained(command, copy, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        return None, ""
    finally:
        kill_group(proc)  # a test that left a process behind does not outlive its run


def run_suite(copy: Path, tests: tuple[str, ...], limit: float) -> Outcome:
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-rfE", *tests]
    start = time.monotonic()
    status, output = _run(command, copy, limit)
    seconds = time.monotonic() - start
    if status is None:
        return Outcome("timeout", f"timeout after {limit:g} s", seconds)
    if status == 0:
        return Outcome("pass", "", seconds)
    failed = tuple(sorted(set(_FAILED.findall(output))))
    last = output.strip().splitlines()[-1] if output.strip() else f"exit {status}"
    return Outcome("fail", last, seconds, failed)


def check_in(copies: Copies, rel: str, text: str, tests: tuple[str, ...], limit: float) -> Outcome:
    copy = copies.free.get()
    target = copy / rel
    original = target.read_bytes()
    try:
        target.write_text(text, encoding="utf-8")
        return run_suite(copy, tests, limit)
    finally:
        target.write_bytes(original)
        copies.free.put(copy)


def kill_project(root: Path, units: list[Unit], options: Options, jobs: int, tests: tuple[str, ...],
                 progress: Progress) -> list[UnitResult]:
    copies = Copies(root, jobs)
    try:
        base = run_suite(copies.free.queue[0], tests, options.timeout)
        if base.status != "pass":
            raise InputError(f"{root}: the test suite fails on the unmodified project (python -m pytest): "
                             f"{base.detail}")
        limit = limit_for(base.seconds, options.timeout)
        results = [UnitResult(u) for u in units]
        scans = [scan_unit(u, options) for u in units]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            forced = list(pool.map(lambda u: check_in(copies, u.name, FORCED_FAIL, tests, limit), units))
            work = []
            for result, scan, proof in zip(results, scans, forced, strict=True):
                add_scan_counts(result, scan.counts)
                if proof.status == "pass":  # no test imports this file: none of its mutants can be killed
                    result.count("ALL", "untested")
                    continue
                work += [(result, m) for m in scan.mutants]
            _check_all(pool, copies, work, tests, limit, base.seconds, options, progress)
            if options.hom_per_function and (not options.operators or HOM in options.operators):
                work = []
                for result in results:
                    homs = higher_order(result.unit, result.unit.source, result.killed, options)
                    result.count(HOM, "generated", len(homs))
                    work += [(result, h) for h in homs]
                _check_all(pool, copies, work, tests, limit, base.seconds, options, progress)
        for result in results:
            result.counts.pop("ALL", None)
        return results
    finally:
        copies.close()


def _check_all(pool, copies, work, tests, limit, source_seconds, options, progress) -> None:
    progress(UNITS, 0, len(work))

    def one(pair):
        result, mutant = pair
        outcome = check_in(copies, result.unit.name, mutant.source, tests, limit)
        progress(UNITS, 1)
        return outcome

    for (result, mutant), outcome in zip(work, list(pool.map(one, work)), strict=True):
        tally(result, mutant, outcome, source_seconds, options.timeout, ())


def project_test_text(killed: Killed, snippet, root: Path, tests: tuple[str, ...], project_rel: str) -> str:
    """A test_item.py that re-runs the killing tests on a copy of the project with the given module in place."""
    source = killed.unit.source

    def digest(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    modules = {digest(snippet.fixed): None, digest(snippet.defective): killed.mutant.source}
    from redpen_bench.generate.excerpt import excerpt

    for part in killed.mutant.parts:
        modules[digest(excerpt(source, part).defective)] = part.source
    return TEMPLATE.read_text(encoding="utf-8").format(
        # a pair: its faults may be killed by other tests than the pair is, so the check runs the whole suite
        project=repr(project_rel), source=repr(killed.unit.name),
        tests=repr(list(tests) if killed.mutant.parts else list(killed.tests or tests)),
        source_sha=repr(digest(source)), modules=repr(modules))


def mutate_project(project: Path, out: Path, options: Options, jobs: int, progress: Progress,
                   globs: tuple[str, ...] = (), tests: tuple[str, ...] = ()) -> MutateResult:
    root = project.resolve()
    if not root.is_dir():
        raise InputError(f"{project}: PROJECT: folder not found")
    check_out(out)
    units = project_units(root, globs, tests)
    results = kill_project(root, units, options, jobs, tests, progress)
    # relative to the corpus (no absolute path in the output); the corpus and its temp build are siblings
    project_rel = os.path.relpath(root, out.resolve())

    def write(tmp: Path, kept: list) -> None:
        write_items(tmp, kept, options.seed,
                    lambda k: project_test_text(k, next(s for kk, s in kept if kk is k), root, tests, project_rel),
                    lambda k: k.unit.name, lambda k: {"project": project_rel})
        description = (f"{len(kept)} mutants of the project {root.name}, each killed by its own tests; "
                       "generated by redpen-bench mutate.")
        text = items.corpus_toml(f"{re.sub(r'[^A-Za-z0-9._-]', '-', root.name)}-mutants", description, "",
                                 [k for k, _ in kept], items.total_counts(results), options, "project", root.name)
        (tmp / "corpus.toml").write_text(text, encoding="utf-8")

    return finish(out, results, options, write, str(project))
