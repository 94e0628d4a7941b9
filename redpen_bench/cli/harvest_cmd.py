"""`redpen-bench harvest`: a repository's own test-verified bug fixes as a corpus (docs/harvest.md)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from redpen_bench import api
from redpen_bench.api import open_unless_local, terminal
from redpen_bench.cli.common import executor_option, jobs_option, print_path
from redpen_bench.cli.show import TerminalProgress

NOTHING_WRITTEN = ("nothing was written: --out is as it was and the repository untouched (the corpus is moved "
                   "into place only when complete); run the same command to start again")


def _env(ctx, param, values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    pairs = []
    for value in values:
        key, sep, text = value.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{value!r}: expected KEY=VALUE")
        pairs.append((key, text))
    return tuple(pairs)


@click.command("harvest")
@click.argument("repo", type=click.Path(file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="The corpus folder (replaced only if empty or an earlier output of harvest).")
@click.option("--rev", default=None, help="Commits to walk (git log's revision range; default: all reachable "
                                          "from HEAD, through merges).")
@click.option("--since", default=None, help="Only fixes authored after DATE (git's date forms): a model's cutoff.")
@click.option("--until", default=None, help="Only fixes authored before DATE.")
@click.option("--max-commits", type=click.IntRange(1), default=None, help="Walk at most N commits, newest first.")
@click.option("--python", "python", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The interpreter that runs the repository's tests (default: REPO/.venv, REPO/venv, the active "
                   "virtualenv, else Red-Pen's).")
@click.option("--tests", "tests", multiple=True, help="Extra pytest arguments for every run (recorded).")
@click.option("--env", "env", multiple=True, callback=_env, help="KEY=VALUE for the suite's environment.")
@click.option("--max-lines", type=click.IntRange(1), default=api.harvest_options().max_lines, show_default=True,
              help="Largest fix: changed lines, tests included.")
@click.option("--max-files", type=click.IntRange(1), default=api.harvest_options().max_files, show_default=True,
              help="Largest fix: changed files.")
@click.option("--repeat", type=click.IntRange(1), default=api.harvest_options().repeat, show_default=True,
              help="Runs of each side (P and F) that must agree: the flake check.")
@click.option("--timeout", type=click.FloatRange(1), default=api.harvest_options().timeout, show_default=True,
              help="Seconds per run of a candidate's tests.")
@click.option("--name", default=None, help="The corpus's name (default: REPO's own name + '-fixes').")
@click.option("--licence", "--license", "licence", default=None,
              help="The corpus's licence, an SPDX id (default: REPO's own, from its metadata or LICENSE file).")
@jobs_option
@executor_option
def harvest_command(repo, out, rev, since, until, max_commits, python, tests, env, max_lines, max_files, repeat,
                    timeout, name, licence, jobs, executor):
    """A corpus of REPO's own bug fixes: commits whose tests fail before the fix and pass after it. The
    repository is never modified. Prints the output folder last."""
    options = api.harvest_options(rev=rev, since=since, until=until, max_commits=max_commits, max_lines=max_lines,
                                  max_files=max_files, repeat=repeat, timeout=timeout, name=name,
                                  licence=licence)
    bar = TerminalProgress()
    bar("candidates")
    start = time.monotonic()
    try:
        with open_unless_local(executor, jobs) as pool, bar:
            result = api.harvest(repo, out, options, python, tests, env, jobs, bar, pool)
    except KeyboardInterrupt as exc:
        exc.kept = NOTHING_WRITTEN
        raise
    for note in result.notes:
        bar.console.print(f"redpen-bench: {terminal(note)}", markup=False, highlight=False)
    bar.console.print(api.harvest_summary(result, time.monotonic() - start))
    if result.dates:
        bar.console.print(f"fixes dated {terminal(result.dates[0][:10])} to {terminal(result.dates[1][:10])}",
                          markup=False, highlight=False)
    print_path(result.out)


COMMANDS = [harvest_command]
