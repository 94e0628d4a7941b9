"""The API's corpus making: a new item to fill in by hand, a corpus of mutants (`mutate`), a corpus of a
repository's own bug fixes (`harvest`). Their modules (libcst, git) load when called, never for `score` or `run`.
Re-exported by redpen_bench.api."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from redpen_bench.errors import InputError
from redpen_bench.model.corpus_files import authoring_corpus, read_toml
from redpen_bench.run.progress import Progress, no_progress

if TYPE_CHECKING:
    from redpen_bench.generate.units import Options as MutateOptions


def new_item(item_id: str, tier: str, corpus_dir: str | Path | None = None) -> Path:
    """Scaffold an item folder (six files and an item.toml to fill in) in the corpus being written."""
    from redpen_bench.gate.corpus_readme import scaffold_item

    root = authoring_corpus(corpus_dir)
    return scaffold_item(root, item_id, tier, tuple(read_toml(root / "corpus.toml").get("tiers") or ()))


def check_mutate_source(project, from_corpus, sources: Sequence[str] = (), tests: Sequence[str] = ()) -> None:
    """mutate takes a project or a corpus, and globs and test paths only for a project."""
    if (project is None) == (from_corpus is None):
        raise InputError("mutate: give either PROJECT or --from-corpus DIR (one of them)")
    if from_corpus is not None and (sources or tests):
        raise InputError("--source/--tests: only for a PROJECT, not with --from-corpus")


def parse_env(pairs: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """--env KEY=VALUE, each checked: a KEY that is a name, then '='."""
    parsed = []
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.isidentifier():
            raise InputError(f"--env {pair!r}: expected KEY=VALUE (a variable name, '=', its value)")
        parsed.append((key, value))
    return tuple(parsed)


def mutate(out: str | Path, options: MutateOptions | None = None, project: str | Path | None = None,
           from_corpus: str | Path | None = None, jobs: int | None = None, progress: Progress | None = None,
           sources: Sequence[str] = (), tests: Sequence[str] = (), executor=None, name: str | None = None,
           licence: str | None = None, python: str | Path | None = None, env: Sequence[tuple[str, str]] = (),
           repeat: int = 2):
    """A generated corpus at `out`: mutants killed by their tests, of a corpus's correct files (`from_corpus`)
    or of a project's sources (`project`; `sources`: globs, `tests`: pytest arguments, `python`: the project's
    interpreter, `env`: (KEY, VALUE) for its suite, `repeat`: baseline runs, to find flaky tests). `jobs`: checks
    at once (default: cores); `executor`: an open run.executor.Executor, or None for this machine's pools. `name`,
    `licence`: corpus.toml's (default: the project's own, generate/project_metadata.py; the source corpus's)."""
    check_mutate_source(project, from_corpus, sources, tests)
    from redpen_bench.generate.units import Options

    options, progress, jobs = options or Options(), progress or no_progress, jobs or os.cpu_count() or 1
    if from_corpus is not None:
        from redpen_bench.generate.mutate import mutate_from_corpus

        return mutate_from_corpus(Path(from_corpus), Path(out), options, jobs, progress, executor, name, licence)
    from redpen_bench.generate.project import mutate_project

    return mutate_project(Path(project), Path(out), options, jobs, progress, tuple(sources), tuple(tests), executor,
                          name, licence, Path(python) if python else None, tuple(env), repeat)


# --- harvest (issue 33): a repository's own test-verified bug fixes as a corpus --------------------------------
def harvest(repo: str | Path, out: str | Path, options=None, python: str | Path | None = None,
            tests: Sequence[str] = (), env: Sequence[tuple[str, str]] = (), jobs: int | None = None,
            progress: Progress | None = None, executor=None):
    """A corpus at `out` of the fixes in `repo`'s history whose tests fail before and pass after
    (docs/harvest.md); `options`: harvest.pipeline.HarvestOptions; `python`: the interpreter that runs the
    repository's tests (default: project_tests.interpreter.project_python's choice); `tests`: extra pytest
    arguments; `env`: KEY, VALUE pairs for the suite. Returns a harvest.pipeline.HarvestResult."""
    from redpen_bench.harvest.pipeline import HarvestOptions
    from redpen_bench.harvest.pipeline import harvest as run_harvest
    from redpen_bench.project_tests.interpreter import project_python
    from redpen_bench.project_tests.runner import Settings

    options = options or HarvestOptions()
    repo = Path(repo)
    settings = Settings(project_python(repo, Path(python) if python else None), tuple(env), tuple(tests),
                        options.timeout)
    return run_harvest(repo, Path(out), options, settings, jobs or os.cpu_count() or 1, progress or no_progress,
                       executor)


def harvest_options(**values):
    """harvest.pipeline.HarvestOptions (loaded with harvest, never for score or run)."""
    from redpen_bench.harvest.pipeline import HarvestOptions

    return HarvestOptions(**values)


def harvest_summary(result, seconds: float):
    """The outcomes of a harvest as a rich table."""
    from rich.table import Table

    table = Table(title=f"harvest: {result.items} items from {result.walked} commits ({result.candidates} "
                        f"candidates) in {seconds:.1f} s")
    table.add_column("outcome")
    table.add_column("commits", justify="right")
    table.add_column("errors")
    for outcome, n in result.counts.items():
        said = ", ".join(f"{k} {v}" for k, v in result.details.get(outcome, {}).items())
        table.add_row(outcome, str(n), said)
    table.add_row("all", str(result.walked), "", style="bold")
    return table
