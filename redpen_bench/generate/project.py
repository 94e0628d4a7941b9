"""Project mode: mutate a project's source files and keep the mutants its own pytest suite kills.

Which files are mutated is decided here; how a mutant is checked (the suite in a scratch copy of the project,
contained) is project_checks.py's, and the run loop is the one corpus mode uses (pipeline.kill_units, on the
executor). The failing test ids are the killing tests, recorded in the item so that verify can re-run them."""

from __future__ import annotations

import hashlib
import logging
import os
from dataclasses import replace
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.generate import items
from redpen_bench.generate.mutate import MutateResult, finish, write_items
from redpen_bench.generate.pipeline import kill_units
from redpen_bench.generate.project_baseline import Baseline, collect, mutate_outputs, suite_baseline
from redpen_bench.generate.project_checks import ProjectChecks
from redpen_bench.generate.project_files import NOT_PROJECT, project_units
from redpen_bench.generate.project_metadata import project_metadata
from redpen_bench.generate.units import Killed, Options
from redpen_bench.project_tests.interpreter import project_python
from redpen_bench.project_tests.item_check import ItemCheck
from redpen_bench.project_tests.runner import Settings
from redpen_bench.run.executor import Executor
from redpen_bench.run.progress import Progress

log = logging.getLogger(__name__)


def recorded_python(root: Path, python: Path) -> str:
    """The interpreter as corpus.toml and test_item.py record it: relative to the project when it lies inside
    it (a checkout's .venv: the corpus stays portable), else its absolute path, used at verify only where it
    exists (elsewhere the project's default interpreter runs the tests)."""
    absolute = Path(os.path.abspath(python))
    return absolute.relative_to(root).as_posix() if absolute.is_relative_to(root) else str(absolute)


def project_test_text(killed: Killed, snippet, root: Path, settings: Settings, base: Baseline,
                      project_rel: str) -> str:
    """A test_item.py that re-runs the killing tests on a copy of the project with the given module in place."""
    source = killed.unit.source

    def digest(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    modules = {digest(snippet.fixed): None, digest(snippet.defective): killed.mutant.source}
    from redpen_bench.generate.excerpt import excerpt

    for part in killed.mutant.parts:
        modules[digest(excerpt(source, part).defective)] = part.source
    return ItemCheck(
        # a pair: its faults may be killed by other tests than the pair is, so the check runs every stable test
        # of its function (a superset of each fault's killing tests, no flaky one)
        project=project_rel, source=killed.unit.name,
        tests=list(base.covering(killed.unit.name, killed.mutant.function) if killed.mutant.parts
                   else killed.tests),
        python=recorded_python(root, settings.python), env=[list(p) for p in settings.env],
        test_args=list(settings.test_args),
        # the project file's bytes, as the check reads them: it may be in the encoding its cookie declares
        source_sha=hashlib.sha256(killed.unit.path.read_bytes()).hexdigest(), modules=modules,
        ignored=NOT_PROJECT).render()


def mutate_project(project: Path, out: Path, options: Options, jobs: int, progress: Progress,
                   globs: tuple[str, ...] = (), tests: tuple[str, ...] = (),
                   executor: Executor | None = None, name: str | None = None, licence: str | None = None,
                   python: Path | None = None, env: tuple[tuple[str, str], ...] = (), repeat: int = 2) -> MutateResult:
    root = project.resolve()
    if not root.is_dir():
        raise InputError(f"{project}: PROJECT: folder not found")
    items.check_out(out)
    meta = project_metadata(root, name, licence)  # a --name that is no plain name stops here, before any check
    settings = Settings(project_python(root, python), tuple(env), tuple(tests))
    progress("baseline runs of the suite", 0, repeat)
    units = project_units(root, globs, tests, collect(root, settings), mutate_outputs(root))
    base = suite_baseline(root, settings, repeat)
    progress("baseline runs of the suite", repeat)
    if base.flaky:
        log.warning("redpen-bench: warning: %s: %d flaky tests (outcomes differ between %d runs of the unmodified "
                    "project) never count as a kill: %s", root, len(base.flaky), repeat, ", ".join(base.flaky[:5]))
    results = kill_units(units, options, ProjectChecks(root, settings, base), jobs, progress, executor)
    # relative to the corpus (no absolute path in the output); the corpus and its temp build are siblings
    project_rel = os.path.relpath(root, out.resolve())

    def write(tmp: Path, kept: list) -> None:
        write_items(tmp, kept, options.seed,
                    lambda k: project_test_text(k, next(s for kk, s in kept if kk is k), root, settings, base,
                                                project_rel),
                    lambda k: k.unit.name, lambda k: {"project": project_rel})
        description = (f"{len(kept)} mutants of the project {meta.project}, each killed by its own tests; "
                       "generated by redpen-bench mutate.")
        # name, licence and [code_style] are the project's own (generate/project_metadata.py)
        text = items.corpus_toml(meta.name, description, meta.licence, [k for k, _ in kept],
                                 items.total_counts(results), options, "project", root.name)
        text += "\n" + items.toml_table(f"{items.MARKER}.tests", {
            "python": recorded_python(root, settings.python), "args": list(settings.test_args),
            "env": [f"{k}={v}" for k, v in settings.env], "repeat": repeat, "flaky": list(base.flaky)})
        text += "\n" + items.toml_table("code_style", meta.code_style) if meta.code_style else ""
        (tmp / "corpus.toml").write_text(text, encoding="utf-8")

    return replace(finish(out, results, options, write, str(project)), notes=meta.said)
