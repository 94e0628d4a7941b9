"""The command line: the only module that knows it. Each command group lives in its own module here and is
registered below; the work itself is done by the API underneath."""

from __future__ import annotations

import gc
import os
import sys

import click

from redpen_bench import __version__
from redpen_bench.errors import InputError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="redpen-bench")
def cli() -> None:
    """Red-Pen: can a code reviewer find a planted defect without crying wolf on correct code?"""


def _register() -> None:
    import importlib

    for name in COMMAND_MODULES:
        for command in importlib.import_module(f"redpen_bench.cli.{name}").COMMANDS:
            cli.add_command(command)


# one line per command module (each defines COMMANDS)
COMMAND_MODULES = (
    "run_cmd",
    "score_cmd",
    "corpus_cmd",
    "rules_cmd",
    "compare_cmd",
    "tune_cmd",
    "mutate_cmd",
)


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input is one line on stderr and exit 2, never a traceback."""
    # small matrices (bootstrap: 2000 x 176) run faster on one BLAS thread than on two fighting over 2 cores
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    # A command builds hundreds of thousands of rows, tables and TOML values that live until it ends; with
    # the default threshold (700 allocations) the collector walks them over and over.
    gc.set_threshold(100_000, 50, 100)
    _register()
    try:
        cli.main(args=argv, prog_name="redpen-bench", standalone_mode=False)
    except InputError as exc:
        click.echo(f"redpen-bench: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("redpen-bench: interrupted; every finished verdict is kept: run the same command to resume",
                   err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("redpen-bench: interrupted; every finished verdict is kept: run the same command to resume",
                   err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
