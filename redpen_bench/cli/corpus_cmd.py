"""`redpen-bench verify`, `new-item` and `corpus-readme`: the corpus's gate and upkeep."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from redpen_bench.api import (
    GateLimits,
    authoring_corpus,
    load_corpus,
    open_unless_local,
    terminal,
    verify,
    verify_json,
    verify_text,
    version_warnings,
    write_readme,
)
from redpen_bench.cli.common import default, executor_option, jobs_option, print_path
from redpen_bench.cli.show import stderr_progress


def authoring_option(f):
    return click.option("--corpus", "corpus_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                        help="Corpus folder (default: ./corpus if it holds a corpus.toml, else the shipped "
                             "corpus).")(f)


LIMITS = (  # verify's thresholds: option type and help; the defaults are GateLimits'
    ("max_similarity", click.FloatRange(0, 1), "Structural similarity above which two items are one template."),
    ("max_overlap", click.FloatRange(0, 1), "Identifier Jaccard above which a disguised variant is not disguised."),
    ("max_disguise_similarity", click.FloatRange(0, 1),
     "Structural similarity of disguised and original above which the disguise is a rename."),
    ("max_domain_overlap", click.FloatRange(0, 1), "Identifier-word Jaccard above which two items share a domain."),
    ("min_clean_intent", click.FloatRange(0), "clean.py's docstring words as a share of fixed.py's, at least."),
    ("min_fixtures", click.IntRange(0),
     "Natural explanations per defective variant in explanations.toml (0 skips the keyword check)."),
    ("min_fixture_recall", click.FloatRange(0, 1), "Keyword recall every natural explanation must reach."),
    ("max_generic_recall", click.FloatRange(0, 1),
     "Mean keyword recall generic explanations may reach over all defective variants."),
)


def limit_options(f):
    for field, kind, text in reversed(LIMITS):
        f = click.option(f"--{field.replace('_', '-')}", field, type=kind, default=default(GateLimits, field),
                         show_default=True, help=text)(f)
    return f


@click.command("verify")
@authoring_option
@click.option("--items", "item_ids", default=None, metavar="ID[,ID...]",
              help="Check only these items (distinctness still compares them with every other item).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--timeout", type=float, default=default(verify, "timeout"), show_default=True,
              help="Seconds per check; a hang is a kill.")
@jobs_option
@limit_options
@executor_option
def verify_command(corpus_dir, item_ids, fmt, timeout, jobs, executor, **thresholds):
    """The gate: killability, integrity, distinctness, keyword fixtures. Exit 1 naming each failing item and
    check, 2 if the corpus cannot be read. Warns when run folders or reports in ./runs or ./reports were made
    from other content under this corpus's name and version."""

    limits = GateLimits(**thresholds)
    items = [i.strip() for i in item_ids.split(",") if i.strip()] if item_ids else None
    try:
        corpus = load_corpus(authoring_corpus(corpus_dir))
        bar = stderr_progress()  # a bar, or a line at least every 30 s: a long verify never goes silent
        with open_unless_local(executor, jobs) as pool, bar.bar:
            report = verify(corpus, timeout=timeout, jobs=jobs, limits=limits, items=items, executor=pool,
                            progress=bar)
    except KeyboardInterrupt:  # the checks are ended by then (killability); verify writes nothing, so says so
        click.echo("redpen-bench: verify interrupted; nothing was changed", err=True)
        sys.exit(130)
    warnings = version_warnings(corpus)
    for warning in warnings:
        click.echo(f"redpen-bench: warning: {terminal(warning)}", err=True)
    text = verify_json(report, corpus, warnings) if fmt == "json" else verify_text(report, corpus, limits, items)
    click.echo(text, nl=False)
    if not report.passed:
        sys.exit(1)


@click.command("new-item")
@click.argument("item_id")
@click.option("--tier", required=True, help="The item's tier (one of the corpus's tiers).")
@authoring_option
def new_item_command(item_id, tier, corpus_dir):
    """Scaffold an item folder: six files and an item.toml to fill in."""
    from redpen_bench import api

    print_path(api.new_item(item_id, tier, corpus_dir))


@click.command("corpus-readme")
@authoring_option
@click.option("--check", is_flag=True, help="Exit 1 if the README differs from what the items say.")
def corpus_readme_command(corpus_dir, check):
    """Write the corpus README (the table of items) from the item files."""

    path, current = write_readme(load_corpus(authoring_corpus(corpus_dir)), check)
    if not current:
        click.echo(f"{path}: out of date; run `redpen-bench corpus-readme`", err=True)
        sys.exit(1)
    if not check:
        print_path(path)


COMMANDS = [verify_command, new_item_command, corpus_readme_command]
