"""`redpen-bench run` and `redpen-bench reviewers`."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path

import click

from redpen_bench.cli.common import (
    corpus_option,
    executor_option,
    fresh_option,
    open_corpus,
    opened_executor,
    print_path,
)
from redpen_bench.errors import InputError
from redpen_bench.reviewers import families, split_specs
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import default_run_dir, fresh_dir
from redpen_bench.run.runner import run_reviewers, select_snippets

RETRY_EXIT = 3  # the run ended, but error rows remain: the same command asks those snippets again


def _params(values: tuple[str, ...]) -> dict:
    params = {}
    for value in values:
        key, sep, text = value.partition("=")
        if not sep or not key:
            raise InputError(f"--param '{value}': expected KEY=VALUE")
        try:
            params[key] = json.loads(text)
        except ValueError:
            params[key] = text
    return params


def _temperature(value: str) -> float | None:
    if value.lower() == "none":
        return None
    try:
        return float(value)
    except ValueError:
        raise InputError(f"--temperature '{value}': expected a number or 'none'") from None


def review_options(f):
    """Options that change how reviewers answer: shared by run and compare."""
    options = [
        click.option("--seed", type=int, default=0, show_default=True, help="Seed for random reviewers."),
        click.option("--samples", type=click.IntRange(1), default=1, show_default=True,
                     help="Ask each snippet K times (LLM reviewers)."),
        click.option("--no-cache", is_flag=True, help="Neither read nor write the verdict cache (REDPEN_CACHE)."),
        click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
                     help="Seconds a tool run (default 600) or one LLM request (default 120) may take."),
        click.option("--base-url", default=None, help="OpenAI-compatible server (else OPENAI_BASE_URL)."),
        click.option("--prompt", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                     help="Prompt template file."),
        click.option("--system", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                     help="System prompt file."),
        click.option("--temperature", default="0", show_default=True, help="A number, or 'none' to omit it."),
        click.option("--max-tokens", type=click.IntRange(1), default=None,
                     help="Answer length limit (default 1024 for openai:, 2048 for anthropic:)."),
        click.option("--structured", type=click.Choice(["json-schema", "grammar"]), is_flag=False,
                     flag_value="json-schema", default=None,
                     help="Constrain answers to the verdict's fields: a JSON schema (response_format; tool use "
                          "for anthropic:), or 'grammar' for llama.cpp servers (a GBNF grammar)."),
        click.option("--param", "params", multiple=True, help="Extra request field KEY=VALUE (JSON value)."),
        click.option("--concurrency", type=click.IntRange(1), default=None,
                     help="Requests in flight (default 8; 1 for a --base-url on this machine, which computes "
                          "one answer at a time)."),
        click.option("--retries", type=click.IntRange(1), default=5, show_default=True,
                     help="Attempts per request."),
        click.option("--rpm", type=float, default=None, help="Client-side limit, requests per minute."),
        click.option("--max-cost", type=float, default=None, help="Stop asking once this many USD are spent."),
        click.option("--dry-run", is_flag=True, help="Print what the run would send; send nothing."),
        click.option("--sarif-kinds", default=None, metavar="KIND[,KIND...]",
                     help="sarif: reviewers count results of these kinds as findings (default fail,review,open; "
                          "'fail' counts only definite failures)."),
    ]
    for option in reversed(options):
        f = option(f)
    f = executor_option(f)
    return f


def build_options(kw: dict) -> ReviewOptions:
    return ReviewOptions(
        seed=kw["seed"], samples=kw["samples"], cache=None if kw["no_cache"] else "default",
        timeout=kw["timeout"] or 600.0, request_timeout=kw["timeout"] or 120.0,
        base_url=kw["base_url"], prompt=kw["prompt"], system=kw["system"],
        temperature=_temperature(kw["temperature"]), max_tokens=kw["max_tokens"], params=_params(kw["params"]),
        structured=kw["structured"],
        concurrency=kw["concurrency"], retries=kw["retries"], rpm=kw["rpm"], max_cost=kw["max_cost"],
        dry_run=kw["dry_run"], sarif_kinds=_kinds(kw["sarif_kinds"]),
    )


def _kinds(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    from redpen_bench.reviewers.tools.sarif_log import check_kinds

    return check_kinds([k.strip() for k in text.split(",") if k.strip()])


def lock_timeout() -> float:
    """Seconds to wait for a run folder another process holds (REDPEN_LOCK_TIMEOUT, default 600)."""
    text = os.environ.get("REDPEN_LOCK_TIMEOUT", "600")
    try:
        return float(text)
    except ValueError:
        raise InputError(f"REDPEN_LOCK_TIMEOUT '{text}': expected a number of seconds") from None


def StderrProgress():
    """A rich progress bar per reviewer on a terminal; plain lines at least every 30 s on any other stderr."""
    if sys.stderr.isatty():
        return BarProgress()
    from redpen_bench.cli.progress_lines import LineProgress

    return LineProgress()


class BarProgress:
    """A rich progress bar per reviewer, on stderr."""

    def __init__(self):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=Console(stderr=True), transient=False)
        self.tasks: dict[str, int] = {}

    def __call__(self, key: str, advance: int, total: int, note: str = "") -> None:
        if key not in self.tasks:
            self.tasks[key] = self.bar.add_task(f"{key} {note}".rstrip(), total=total)
        self.bar.advance(self.tasks[key], advance)


@click.command("run")
@click.option("--reviewer", "-r", "reviewers", multiple=True, required=True,
              help="Reviewer spec(s), comma-separated or repeated; NAME=SPEC names one.")
@corpus_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The run folder (default runs/<corpus>-<hash8>/).")
@click.option("--items", default=None, help="Only these item ids (comma-separated).")
@click.option("--tier", default=None, help="Only this tier.")
@click.option("--limit", type=click.IntRange(1), default=None, help="Only the first N items.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Named reviewers and prices (default: the nearest redpen.toml or pyproject.toml [tool.redpen] "
                   "from here up).")
@fresh_option
@review_options
def run_command(reviewers, corpus_dir, out, items, tier, limit, config_path, fresh, **kw):
    """Run reviewers over the corpus into a run folder; the same command resumes an interrupted run (--fresh
    starts a new folder instead)."""
    from redpen_bench.cli.config import load_config, resolve_specs

    config = load_config(config_path)
    corpus = open_corpus(corpus_dir)
    options = replace(build_options(kw), prices=config.prices)
    specs = resolve_specs(split_specs(reviewers), config)
    snippets = select_snippets(corpus, items.split(",") if items else None, tier, limit)
    run_dir = out or default_run_dir(corpus)
    if fresh and not options.dry_run:
        run_dir = fresh_dir(run_dir)
    with opened_executor(kw["executor"]) as executor:
        result = run_on_terminal(corpus, specs, run_dir, replace(options, executor=executor), snippets)
    if result is not None:
        print_path(result.path)
        if result.has_errors:
            sys.exit(RETRY_EXIT)


def run_on_terminal(corpus, specs, run_dir, options, snippets=None):
    """Run with a progress bar on stderr, then tell what happened there; a dry run prints its estimates
    on stdout and returns None."""
    progress = StderrProgress()
    with progress.bar:
        result = run_reviewers(corpus, specs, run_dir, options, snippets, progress, lock_timeout())
    if options.dry_run:
        click.echo(json.dumps(result.estimates, indent=2))
        return None
    tell_outcome(result)
    return result


def tell_outcome(result) -> None:
    """On stderr: reviewers asked again because they changed, reviewers that failed, and what every reviewer's
    rows hold now."""
    for key in result.refreshed:
        click.echo(f"redpen-bench: {key} changed since its stored rows (tool, profile, model or prompt): "
                   "asked every snippet again", err=True)
    for key, message in result.failures.items():
        click.echo(f"redpen-bench: reviewer {key} failed: {message} (its rows are error rows)", err=True)
    width = max((len(key) for key in result.outcomes), default=0)
    for key, o in result.outcomes.items():
        click.echo(f"redpen-bench: {key.ljust(width)}  {o['answered']} answered, {o['unparsed']} unparsed, "
                   f"{o['errors']} errors, {o['missing']} missing", err=True)
    if result.has_errors and result.failures:  # retrying helps only once what stopped the reviewer is fixed
        click.echo(f"redpen-bench: error rows remain (exit {RETRY_EXIT}): fix what stopped the reviewer (above), "
                   "then the same command asks those snippets again", err=True)
    elif result.has_errors:
        click.echo(f"redpen-bench: error rows remain (exit {RETRY_EXIT}): the same command retries them", err=True)
    for key, o in result.outcomes.items():  # last: the line a user reads
        if 2 * o["unparsed"] > o["answered"] + o["unparsed"]:
            click.echo(unreadable_warning(key, o), err=True)


def unreadable_warning(key: str, outcome: dict) -> str:
    """A reviewer whose answers were mostly unparsed: scored, it says no to everything, so say it loudly."""
    total = outcome["answered"] + outcome["unparsed"]
    text = (f"redpen-bench: warning: {key}: {outcome['unparsed']} of {total} answers could not be read (no "
            f"DEFECT: yes/no in them), so it scores as always-no; check the prompt (--prompt) against its answers, "
            f"or ask for structured output (--structured)")
    example = " ".join(str(outcome.get("example") or "").split())
    if example:
        text += f"; one answer: {json.dumps(example[:200] + ('…' if len(example) > 200 else ''), ensure_ascii=False)}"
    return text


@click.command("reviewers")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text", show_default=True)
def reviewers_command(fmt):
    """List every reviewer family with a one-line description."""
    entries = families()
    if fmt == "markdown":
        click.echo("| spec | what it is |\n|---|---|")
        for family in entries.values():
            click.echo(f"| `{family.usage}` | {family.description} |")
        return
    width = max(len(f.usage) for f in entries.values())
    for family in entries.values():
        click.echo(f"{family.usage.ljust(width)}  {family.description}")


COMMANDS = [run_command, reviewers_command]
