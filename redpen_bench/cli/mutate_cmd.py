"""`redpen-bench mutate`: a corpus of mutants killed by their tests, from a corpus or from a project."""

from __future__ import annotations

import time
from pathlib import Path

import click

from redpen_bench import api
from redpen_bench.api import open_unless_local, terminal
from redpen_bench.cli.common import default, executor_option, jobs_option, print_path
from redpen_bench.cli.show import TerminalProgress

# mutate builds its corpus aside and moves it into place only when complete, and keeps no verdict between runs
NOTHING_WRITTEN = ("nothing was written: --out is as it was (the corpus is moved into place only when complete); "
                   "run the same command to start again")


@click.command("mutate")
@click.argument("project", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--from-corpus", "from_corpus", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Mutate this corpus's correct files (fixed, clean, disguised_fixed), checked by its items' checks.")
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="The generated corpus folder (replaced only if an earlier output of mutate).")
@click.option("--seed", type=int, default=default(api.MutateOptions, "seed"), show_default=True,
              help="Sampling seed: same seed, same corpus.")
@click.option("--source", "sources", multiple=True,
              help="Project mode: glob(s) of source files to mutate, from PROJECT (default: every .py but tests).")
@click.option("--tests", "tests", multiple=True,
              help="Project mode: argument(s) given to pytest in every run, recorded in corpus.toml (default: none).")
@click.option("--python", "python", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Project mode: the project's Python (default: PROJECT/.venv, PROJECT/venv, the active venv, "
                   "else Red-Pen's).")
@click.option("--env", "env", multiple=True, metavar="KEY=VALUE",
              help="Project mode: an environment variable for the suite (repeatable; recorded in corpus.toml).")
@click.option("--repeat", type=click.IntRange(1), default=2, show_default=True,
              help="Project mode: runs of the unmodified suite; a test whose outcome differs is flaky, never a kill.")
@click.option("--operators", default=None, help="Comma-separated operator codes (default: all, and HOM).")
@click.option("--max-per-function", type=click.IntRange(1), default=None, help="Mutants sampled per function.")
@click.option("--max-items", type=click.IntRange(1), default=None,
              help="At most N items, a seeded sample taking the operator families in turn.")
@jobs_option
@click.option("--timeout", type=click.FloatRange(0.1), default=default(api.MutateOptions, "timeout"), show_default=True,
              help="Seconds per kill check; a timeout is a kill only if the source ran in a quarter of it.")
@click.option("--include-obvious", is_flag=True,
              help="Keep mutants a reader sees from the planted line alone (constant conditions, stubs, handlers "
                   "reduced to pass, identities, domain constants), marked in item.toml; dropped by default.")
@executor_option
@click.option("--name", default=None, help="The corpus's name (default: PROJECT's own name + '-mutants').")
@click.option("--licence", "--license", "licence", default=None,
              help="The corpus's licence, an SPDX id (default: PROJECT's own, from its metadata or LICENSE file).")
def mutate_command(project, from_corpus, out, seed, sources, tests, python, env, repeat, operators, max_per_function,
                   max_items, jobs, timeout, include_obvious, executor, name, licence):
    """Generate a corpus of killed mutants from --from-corpus DIR or from PROJECT (a folder whose tests run with
    `python -m pytest`). Prints the output folder last."""
    api.check_mutate_source(project, from_corpus, sources, tests)  # before the bar shows: one line, no bar
    pairs = api.parse_env(env)
    options = api.MutateOptions(seed=seed, operators=api.parse_operators(operators), max_per_function=max_per_function,
                                max_items=max_items, timeout=timeout, include_obvious=include_obvious)
    # no task named ahead: the run names its own as it starts them (the suite's baseline runs first in project
    # mode, and a big file's mutants are counted in parts)
    bar = TerminalProgress()
    start = time.monotonic()
    try:
        with open_unless_local(executor, jobs) as pool, bar:
            result = api.mutate(out, options, project, from_corpus, jobs, bar, sources, tests, pool, name, licence,
                                python, pairs, repeat)
    except KeyboardInterrupt as exc:
        exc.kept = NOTHING_WRITTEN  # what the interrupt message says instead of the run commands' resume
        raise
    for note in result.notes:
        bar.console.print(f"redpen-bench: {terminal(note)}", markup=False, highlight=False)
    for warning in result.warnings:
        bar.console.print(f"redpen-bench: warning: {terminal(warning)}", markup=False, highlight=False)
    bar.console.print(api.mutate_summary(result, time.monotonic() - start))
    print_path(result.out)


COMMANDS = [mutate_command]
