"""`redpen-bench export-sarif`: a run folder's verdicts as SARIF 2.1.0, for code-scanning UIs."""

from __future__ import annotations

from pathlib import Path

import click

from redpen_bench.api import load_corpus, split_specs
from redpen_bench.cli.common import corpus_option, print_path, reviewers_option


@click.command("export-sarif")
@click.argument("run_dir", type=click.Path(path_type=Path))
@reviewers_option("Only these reviewers (comma-separated or repeated; default: every reviewer of the run).")
@corpus_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The SARIF file to write (default RUN_DIR/findings.sarif).")
def export_sarif_command(run_dir, reviewers, corpus_dir, out):
    """Write a run's verdicts as SARIF 2.1.0: one run per reviewer, a result per finding (analyzers) or per
    snippet answered yes, artifact URIs relative to the corpus folder. Prints the file's path."""
    from redpen_bench import api

    print_path(api.export_sarif(run_dir, load_corpus(corpus_dir), out, split_specs(reviewers) or None))


COMMANDS = [export_sarif_command]
