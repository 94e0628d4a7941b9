"""Options shared by several commands."""

from __future__ import annotations

from pathlib import Path

import click

from redpen_bench.model.corpus import Corpus, load_corpus


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


