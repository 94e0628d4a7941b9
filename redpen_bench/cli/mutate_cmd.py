"""`redpen-bench mutate`: a corpus of mutants killed by their tests, from a corpus or from a project."""

from __future__ import annotations

import os
import time
from pathlib import Path

import click

from redpen_bench.cli.common import default, executor_option, opened_executor, print_path
from redpen_bench.cli.show import TerminalProgress
from redpen_bench.errors import InputError
from redpen_bench.generate.units import Options


def _operators(text: str | None) -> tuple[str, ...] | None:
    if not text:
        return None
    from redpen_bench.generate.units import TIER_ORDER

    codes = tuple(dict.fromkeys(code.strip().upper() for code in text.split(",") if code.strip()))
    unknown = [c for c in codes if c not in TIER_ORDER]
    if unknown or not codes:
        raise InputError(f"--operators '{text}': unknown {unknown}; known: {', '.join(TIER_ORDER)}")
    return codes


def _summary(console, result, seconds: float) -> None:
    from rich.table import Table

    from redpen_bench.generate.units import COUNT_COLUMNS

    table = Table(title=f"mutate: {result.items} items in {seconds:.1f} s "
                        f"({result.checked / max(seconds, 1e-9):.1f} kill checks/s)")
    table.add_column("operator")
    for column in COUNT_COLUMNS:
        table.add_column(column.replace("_", " "), justify="right")
    totals = dict.fromkeys(COUNT_COLUMNS, 0)
    for op, row in result.counts.items():
        table.add_row(op, *(str(row[c]) for c in COUNT_COLUMNS))
        totals = {c: totals[c] + row[c] for c in COUNT_COLUMNS}
    table.add_row("all", *(str(totals[c]) for c in COUNT_COLUMNS), style="bold")
    console.print(table)


@click.command("mutate")
@click.argument("project", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--from-corpus", "from_corpus", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Mutate this corpus's correct files (fixed, clean, disguised_fixed), checked by its items' checks.")
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="The generated corpus folder (replaced only if an earlier output of mutate).")
@click.option("--seed", type=int, default=default(Options, "seed"), show_default=True,
              help="Sampling seed: same seed, same corpus.")
@click.option("--source", "sources", multiple=True,
              help="Project mode: glob(s) of source files to mutate, from PROJECT (default: every .py but tests).")
@click.option("--tests", "tests", multiple=True, help="Project mode: test path(s) given to pytest (default: all).")
@click.option("--operators", default=None, help="Comma-separated operator codes (default: all, and HOM).")
@click.option("--max-per-function", type=click.IntRange(1), default=None, help="Mutants sampled per function.")
@click.option("--max-items", type=click.IntRange(1), default=None,
              help="At most N items, a seeded sample taking the operator families in turn.")
@click.option("--jobs", type=click.IntRange(1), default=None, help="Checks at once (default: cores).")
@click.option("--timeout", type=click.FloatRange(0.1), default=default(Options, "timeout"), show_default=True,
              help="Seconds per kill check; a timeout is a kill only if the source ran in a quarter of it.")
@click.option("--include-obvious", is_flag=True,
              help="Keep mutants a reader sees from the planted line alone (constant conditions, stubs, handlers "
                   "reduced to pass, identities, domain constants), marked in item.toml; dropped by default.")
@executor_option
def mutate_command(project, from_corpus, out, seed, sources, tests, operators, max_per_function, max_items, jobs,
                   timeout, include_obvious, executor):
    """Generate a corpus of killed mutants from --from-corpus DIR or from PROJECT (a folder whose tests run with
    `python -m pytest`). Prints the output folder last."""
    if (project is None) == (from_corpus is None):
        raise InputError("mutate: give either PROJECT or --from-corpus DIR (one of them)")
    if from_corpus is not None and (sources or tests):
        raise InputError("--source/--tests: only for a PROJECT, not with --from-corpus")
    options = Options(seed=seed, operators=_operators(operators), max_per_function=max_per_function,
                      max_items=max_items, timeout=timeout, include_obvious=include_obvious)
    if project is not None and executor != "local":
        raise InputError(f"--executor {executor}: only with --from-corpus (project mode checks mutants in "
                         "scratch copies of the project on this machine)")
    bar = TerminalProgress()
    bar("source files")  # the bar shows from the start, before any file is counted
    start = time.monotonic()
    with opened_executor(executor, jobs) as pool, bar.bar:
        jobs = jobs or os.cpu_count() or 1
        if from_corpus is not None:
            from redpen_bench.generate.mutate import mutate_from_corpus

            result = mutate_from_corpus(from_corpus, out, options, jobs, bar, pool)
        else:
            from redpen_bench.generate.project import mutate_project

            result = mutate_project(project, out, options, jobs, bar, sources, tests)
    _summary(bar.console, result, time.monotonic() - start)
    print_path(result.out)


COMMANDS = [mutate_command]
