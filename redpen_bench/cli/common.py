"""Options shared by several commands."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from redpen_bench.model.corpus import Corpus, load_corpus

if TYPE_CHECKING:
    from redpen_bench.run.executor import Executor


def corpus_option(f):
    return click.option("--corpus", "corpus_dir", type=click.Path(path_type=Path), default=None,
                        help="Corpus folder (default: the shipped corpus).")(f)


def open_corpus(corpus_dir: Path | None) -> Corpus:
    return load_corpus(corpus_dir)


def print_path(path: Path) -> None:
    """The path a command reports: the last line of stdout, alone."""
    click.echo(str(path))


def fresh_option(f):
    return click.option("--fresh", is_flag=True,
                        help="Start a new run folder (beside the usual one, named with the time) instead of "
                             "resuming; the verdict cache still answers what it holds unless --no-cache.")(f)




def executor_option(f):
    return click.option(
        "--executor", default="local", show_default=True, metavar="local|dask:local|dask:ADDRESS",
        help="Where kill checks, verify checks and analyzer batches run: this machine's pools, a Dask "
             "LocalCluster, or a running Dask scheduler (tcp://HOST:PORT); needs redpen-bench[dask]. "
             "LLM requests always stay in this process.")(f)


@contextlib.contextmanager
def opened_executor(spec: str, jobs: int | None = None) -> Iterator[Executor | None]:
    """The executor --executor names, or None for local (each command's own local pools, as always)."""
    from redpen_bench.run.executor import check_spec, open_executor

    if check_spec(spec) == "local":
        yield None
        return
    with open_executor(spec, jobs) as executor:
        yield executor
