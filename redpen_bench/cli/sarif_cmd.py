"""`redpen-bench export-sarif`: a run folder's verdicts as SARIF 2.1.0, for code-scanning UIs."""

from __future__ import annotations

from pathlib import Path

import click

from redpen_bench.cli.common import corpus_option, open_corpus, print_path
from redpen_bench.errors import InputError
from redpen_bench.reviewers import split_specs


@click.command("export-sarif")
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.option("--reviewer", "-r", "reviewers", multiple=True,
              help="Only these reviewers (comma-separated or repeated; default: every reviewer of the run).")
@corpus_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The SARIF file to write (default RUN_DIR/findings.sarif).")
def export_sarif_command(run_dir, reviewers, corpus_dir, out):
    """Write a run's verdicts as SARIF 2.1.0: one run per reviewer, a result per finding (analyzers) or per
    snippet answered yes, artifact URIs relative to the corpus folder. Prints the file's path."""
    from redpen_bench.report.build import read_runs
    from redpen_bench.report.sarif_out import sarif_log, sarif_text

    corpus = open_corpus(corpus_dir)
    wanted = split_specs(reviewers) or None
    rows, runs = read_runs([run_dir], corpus)
    if wanted:
        unknown = [key for key in wanted if key not in {r["reviewer"] for r in rows}]
        if unknown:
            known = ", ".join(sorted({r["reviewer"] for r in rows}))
            raise InputError(f"--reviewer '{unknown[0]}': no rows in {run_dir} (reviewers there: {known})")
    log = sarif_log(rows, corpus, runs["reviewers"], only=wanted, corpus_uri=corpus.root.resolve().as_uri() + "/")
    out = out or Path(run_dir) / "findings.sarif"
    out.write_text(sarif_text(log), encoding="utf-8", newline="\n")
    print_path(out)


COMMANDS = [export_sarif_command]
