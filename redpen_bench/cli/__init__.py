"""The command line: the only module that knows it. Each command group lives in its own module here and is
registered below; the work itself is done by the API underneath."""

from __future__ import annotations

import os
import signal
import sys

import click

from redpen_bench import __version__
from redpen_bench.errors import FULL_DISK, PLACE_ERRNOS, InputError
from redpen_bench.model.outside_text import terminal


class _Commands(click.Group):
    """Imports a command's module when the command is asked for: `score` never pays for libcst or the gate."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMAND_MODULES)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in COMMAND_MODULES and name not in self.commands:
            _load(COMMAND_MODULES[name])
        return super().get_command(ctx, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="redpen-bench")
def cli() -> None:
    """Red-Pen: can a code reviewer find a planted defect without crying wolf on correct code?"""


def _load(module: str) -> None:
    import importlib

    for command in importlib.import_module(f"redpen_bench.cli.{module}").COMMANDS:
        cli.add_command(command)


def _register() -> None:
    """Every command at once (the docs tests list them)."""
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        _load(module)


# command -> the module that defines it (in its COMMANDS)
COMMAND_MODULES = {
    "run": "run_cmd", "reviewers": "run_cmd", "score": "score_cmd", "verify": "corpus_cmd",
    "new-item": "corpus_cmd", "corpus-readme": "corpus_cmd", "rules": "rules_cmd", "compare": "compare_cmd",
    "report": "compare_cmd", "tune": "tune_cmd", "mutate": "mutate_cmd", "export-sarif": "sarif_cmd",
    "harvest": "harvest_cmd",
}


KEPT = "every finished verdict is kept; run the same command to resume"
# commands that run code they did not write (a corpus's checks, a project's tests): they drop every credential
# from their environment before starting anything (sandbox.exec_without_credentials)
RUNS_FOREIGN_CODE = ("mutate", "verify", "harvest")


class _Terminated(KeyboardInterrupt):
    """SIGTERM, unwound as Ctrl-C is (click turns both into Abort; the signal is remembered in _SIGNALS)."""


_SIGNALS: list[int] = []


def _on_sigterm(signum, frame) -> None:
    _SIGNALS.append(signum)
    raise _Terminated


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input is one line on stderr and exit 2, never a traceback."""
    # small matrices (bootstrap: 2000 x 176) run faster on one BLAS thread than on two fighting over 2 cores
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    if argv is None and sys.argv[1:2] and sys.argv[1] in RUNS_FOREIGN_CODE:
        from redpen_bench.sandbox import exec_without_credentials

        exec_without_credentials()
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        cli.main(args=argv, prog_name="redpen-bench", standalone_mode=False)
    except InputError as exc:  # it may quote names and messages read from files: shown, never sent
        click.echo(f"redpen-bench: error: {terminal(exc, lines=True)}", err=True)
        sys.exit(exc.exit_code)
    except (click.exceptions.Abort, KeyboardInterrupt) as exc:
        _interrupted(exc)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except OSError as exc:
        # an output place that cannot be written (run folder, report, cache): one line; any other OSError is
        # a bug and keeps its traceback
        if exc.errno not in PLACE_ERRNOS:
            raise
        where = exc.filename if exc.filename is not None else "output"
        click.echo(f"redpen-bench: error: {where}: cannot write there: {exc.strerror or exc}", err=True)
        sys.exit(1 if exc.errno in FULL_DISK else 2)


def _interrupted(exc: BaseException) -> None:
    """Ctrl-C (exit 130) or SIGTERM (exit 143): no tool process and no staged file outlives the command. What
    was kept is KEPT unless the command said otherwise (the interrupt's `kept`; click wraps it in Abort)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not cut the cleanup short
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from redpen_bench.reviewers.tools.process import stop_tools

    stop_tools()
    terminated = signal.SIGTERM in _SIGNALS
    cause = exc.__cause__ if isinstance(exc, click.exceptions.Abort) else exc
    kept = getattr(cause, "kept", KEPT)
    click.echo(f"redpen-bench: {'terminated' if terminated else 'interrupted'}; {kept}", err=True)
    sys.exit(128 + signal.SIGTERM if terminated else 130)
