"""Options shared by several commands. Defaults are the library's own (`default`), shown, never repeated."""

from __future__ import annotations

import dataclasses
import inspect
import json
from pathlib import Path

import click

from redpen_bench import api
from redpen_bench.api import DEFAULT_REPLICATES, ReviewOptions
from redpen_bench.errors import InputError


def default(record, name: str):
    """The default the library declares for `name`: a dataclass's field, or a function's parameter."""
    if dataclasses.is_dataclass(record):
        return next(f.default for f in dataclasses.fields(record) if f.name == name)
    return inspect.signature(record).parameters[name].default


def options(*decorators):
    """Several click options as one decorator, applied in the order listed."""
    def apply(f):
        for decorator in reversed(decorators):
            f = decorator(f)
        return f
    return apply


def print_path(path: Path) -> None:
    """The path a command reports: the last line of stdout, alone."""
    click.echo(str(path))


corpus_option = click.option("--corpus", "corpus_dir", type=click.Path(path_type=Path), default=None,
                             help="Corpus folder (default: the shipped corpus).")
fresh_option = click.option("--fresh", is_flag=True,
                            help="Start a new run folder (beside the usual one, named with the time) instead of "
                                 "resuming; the verdict cache still answers what it holds unless --no-cache.")
executor_option = click.option(
    "--executor", default="local", show_default=True, metavar="local|dask:local|dask:ADDRESS",
    help="Where kill checks, verify checks and analyzer batches run: this machine's pools, a Dask "
         "LocalCluster, or a running Dask scheduler (tcp://HOST:PORT); needs redpen-bench[dask]. "
         "LLM requests always stay in this process.")
no_cache_option = click.option("--no-cache", is_flag=True,
                               help="Neither read nor write the verdict cache (REDPEN_CACHE).")
jobs_option = click.option("--jobs", type=click.IntRange(1), default=None, help="Checks run at once (default: cores).")
bootstrap_option = click.option("--bootstrap", "replicates", type=click.IntRange(100), default=DEFAULT_REPLICATES,
                                show_default=True, help="Bootstrap resamples for the intervals.")


def bootstrap_seed_option(record):
    """--seed of the commands that bootstrap: `record`'s default."""
    return click.option("--seed", type=int, default=default(record, "seed"), show_default=True,
                        help="Seed of the bootstrap (and of random).")


def reviewers_option(text: str, required: bool = False):
    """--reviewer/-r, comma-separated or repeated (reviewers.split_specs)."""
    return click.option("--reviewer", "-r", "reviewers", multiple=True, required=required, help=text)


def config_option(what: str):
    return click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
                        help=f"{what} (default: the nearest redpen.toml or pyproject.toml [tool.redpen] from here "
                             "up).")


review_options = options(
    click.option("--seed", type=int, default=default(ReviewOptions, "seed"), show_default=True,
                 help="Seed for random reviewers."),
    click.option("--samples", type=click.IntRange(1), default=default(ReviewOptions, "samples"), show_default=True,
                 help="Ask each snippet K times (LLM reviewers)."),
    no_cache_option,
    click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
                 help=f"Seconds a tool run (default {default(ReviewOptions, 'timeout'):g}) or one LLM request "
                      f"(default {default(ReviewOptions, 'request_timeout'):g}) may take."),
    click.option("--base-url", default=None,
                 help="The LLM server's URL (else the family's own variable, e.g. OPENAI_BASE_URL)."),
    click.option("--prompt", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                 help="Prompt template file."),
    click.option("--system", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                 help="System prompt file."),
    click.option("--temperature", default=f"{default(ReviewOptions, 'temperature'):g}", show_default=True,
                 help="A number, or 'none' to omit it."),
    click.option("--max-tokens", type=click.IntRange(1), default=None,
                 help="Answer length limit (default: the LLM family's own, e.g. 1024 for openai:)."),
    click.option("--structured", type=click.Choice(["json-schema", "grammar"]), is_flag=False,
                 flag_value="json-schema", default=None,
                 help="Constrain answers to the verdict's fields: a JSON schema (response_format; tool use "
                      "for anthropic:), or 'grammar' for llama.cpp servers (a GBNF grammar)."),
    click.option("--param", "params", multiple=True, help="Extra request field KEY=VALUE (JSON value)."),
    click.option("--concurrency", type=click.IntRange(1), default=None,
                 help="Requests in flight (default 8; 1 for a --base-url on this machine, which computes "
                      "one answer at a time)."),
    click.option("--retries", type=click.IntRange(1), default=default(ReviewOptions, "retries"), show_default=True,
                 help="Attempts per request."),
    click.option("--rpm", type=float, default=None, help="Client-side limit, requests per minute."),
    click.option("--max-cost", type=float, default=None, help="Stop asking once this many USD are spent."),
    click.option("--dry-run", is_flag=True, help="Print what the run would send; send nothing."),
    click.option("--sarif-kinds", default=None, metavar="KIND[,KIND...]",
                 help="sarif: reviewers count results of these kinds as findings (default fail,review,open; "
                      "'fail' counts only definite failures)."),
    executor_option,
)


def build_options(kw: dict, prices: dict) -> ReviewOptions:
    """ReviewOptions from review_options' values; what the command line leaves out keeps the library default."""
    timeouts = {"timeout": kw["timeout"], "request_timeout": kw["timeout"]} if kw["timeout"] else {}
    return ReviewOptions(
        seed=kw["seed"], samples=kw["samples"], cache=None if kw["no_cache"] else "default", **timeouts,
        base_url=kw["base_url"], prompt=kw["prompt"], system=kw["system"],
        temperature=_temperature(kw["temperature"]), max_tokens=kw["max_tokens"], params=_params(kw["params"]),
        structured=kw["structured"], concurrency=kw["concurrency"], retries=kw["retries"], rpm=kw["rpm"],
        max_cost=kw["max_cost"],
        dry_run=kw["dry_run"], sarif_kinds=_kinds(kw["sarif_kinds"]), prices=prices,
    )


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


def _kinds(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    return api.check_kinds([k.strip() for k in text.split(",") if k.strip()])
