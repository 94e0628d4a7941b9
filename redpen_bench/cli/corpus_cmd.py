"""`redpen-bench verify`, `new-item` and `corpus-readme`: the corpus's gate and upkeep."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from redpen_bench.cli.common import default, executor_option, opened_executor, print_path
from redpen_bench.gate import GateLimits, verify
from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import authoring_corpus
from redpen_bench.model.outside_text import terminal

# where verify looks for run folders and reports of this corpus made earlier (relative to the working folder)
SEEN_PLACES = (Path("runs"), Path("reports"))


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
@click.option("--jobs", type=click.IntRange(1), default=None, help="Checks run at once (default: cores).")
@limit_options
@executor_option
def verify_command(corpus_dir, item_ids, fmt, timeout, jobs, executor, **thresholds):
    """The gate: killability, integrity, distinctness, keyword fixtures. Exit 1 naming each failing item and
    check, 2 if the corpus cannot be read. Warns when run folders or reports in ./runs or ./reports were made
    from other content under this corpus's name and version."""
    from redpen_bench.gate.versions import version_warnings

    limits = GateLimits(**thresholds)
    items = [i.strip() for i in item_ids.split(",") if i.strip()] if item_ids else None
    try:
        corpus = load_corpus(authoring_corpus(corpus_dir))
        with opened_executor(executor, jobs) as pool:
            report = verify(corpus, timeout=timeout, jobs=jobs, limits=limits, items=items, executor=pool)
    except KeyboardInterrupt:  # the checks are ended by then (killability); verify writes nothing, so says so
        click.echo("redpen-bench: verify interrupted; nothing was changed", err=True)
        sys.exit(130)
    warnings = version_warnings(corpus, SEEN_PLACES)
    for warning in warnings:
        click.echo(f"redpen-bench: warning: {terminal(warning)}", err=True)
    if fmt == "json":
        click.echo(json.dumps(report.to_json() | {"corpus": corpus.summary(), "warnings": warnings}, indent=2))
    else:
        checked = f"; checked: {', '.join(items)}" if items else ""
        click.echo(terminal(f"corpus {corpus.name} {corpus.version} ({corpus.hash[:12]}): {len(corpus.items)} items"
                            f"{checked}"))
        for failure in report.failures:
            click.echo(terminal(f"FAIL {failure['item']}: {failure['check']}: {failure['reason']}"))
        _echo_closest(report, limits)
        for note in report.notes:
            click.echo(f"note: {terminal(note)}")
        click.echo(report.summary_line())
    if not report.passed:
        sys.exit(1)


def _echo_closest(report, limits) -> None:
    """The nearest each measure came to its limit: how much room the corpus has."""
    if report.most_similar:
        a, b = report.most_similar["items"]
        click.echo(f"most similar pair: {a} ~ {b}: {report.most_similar['similarity']:.3f} "
                   f"(limit {limits.max_similarity:.2f})")
    if report.closest_disguise:
        click.echo(f"closest disguise: {report.closest_disguise['item']}: original ~ disguised "
                   f"{report.closest_disguise['similarity']:.3f} (limit {limits.max_disguise_similarity:.2f})")
    if report.closest_domains:
        a, b = report.closest_domains["variants"]
        click.echo(f"closest domains: {a} ~ {b}: {report.closest_domains['overlap']:.3f} "
                   f"(limit {limits.max_domain_overlap:.2f}); words in both: "
                   f"{', '.join(report.closest_domains['words']) or 'none'}")
    kw = report.keywords
    if kw.get("fixture_recall") is not None:
        click.echo(f"keyword fixtures: mean recall {kw['fixture_recall']:.3f} "
                   f"(each >= {limits.min_fixture_recall:.2f}), "
                   f"mean site F1 of their lines {kw['fixture_site_f1']:.3f}")
    if kw.get("generic_recall") is not None:
        click.echo(f"generic explanations: mean recall {kw['generic_recall']:.3f} "
                   f"(limit {limits.max_generic_recall:.2f})")


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
    from redpen_bench.gate.corpus_readme import readme_text

    corpus = load_corpus(authoring_corpus(corpus_dir))
    path = corpus.root / "README.md"
    text = readme_text(corpus)
    if check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            click.echo(f"{path}: out of date; run `redpen-bench corpus-readme`", err=True)
            sys.exit(1)
        return
    path.write_text(text, encoding="utf-8")
    print_path(path)


COMMANDS = [verify_command, new_item_command, corpus_readme_command]
