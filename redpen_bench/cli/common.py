"""Options shared by several commands."""

from __future__ import annotations

import time
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


def fresh_dir(path: Path) -> Path:
    """`path` when nothing is there yet, else a new sibling `<name>-<YYYYmmdd-HHMMSS>[-N]`, created here and now
    (exclusively: two fresh runs started in one second get two folders)."""
    if not path.exists() or (path.is_dir() and not any(path.iterdir())):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    stamp = f"{path.name}-{time.strftime('%Y%m%d-%H%M%S')}"
    for attempt in range(1, 1000):
        candidate = path.with_name(stamp if attempt == 1 else f"{stamp}-{attempt}")
        try:
            candidate.mkdir()
            return candidate
        except FileExistsError:
            continue
    raise click.ClickException(f"{path.parent}: no free name for a fresh run folder")
