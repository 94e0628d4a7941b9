"""`redpen-bench rules`: the per-rule table of a run's static reviewers, to tune a tool's rule set."""

from __future__ import annotations

import io
from pathlib import Path

import click

from redpen_bench.cli.common import corpus_option, open_corpus, print_path
from redpen_bench.errors import InputError
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.run_set import read_run_set


def rules_text(table) -> str:
    """The table as the terminal shows it: one line per rule, counts over their denominators."""
    from rich.console import Console
    from rich.table import Table

    grid = Table(caption="defective / control: snippets the rule fires on, of those answered; line hits: its "
                         "findings on defective snippets that cover a planted line; share: defective / (defective + "
                         "control)")
    for name, justify in (("reviewer", "left"), ("rule", "left"), ("defective", "right"), ("control", "right"),
                          ("line hits", "right"), ("share", "right"), ("example", "left")):
        grid.add_column(name, justify=justify, no_wrap=name != "example", overflow="ellipsis", max_width=60)
    for row in table.itertuples():
        hit_rate = "—" if row.findings_defective == 0 else f"{row.line_hit_rate * 100:.0f}%"
        grid.add_row(
            row.reviewer, row.rule,
            f"{row.fires_defective}/{row.snippets_defective}", f"{row.fires_control}/{row.snippets_control}",
            f"{row.line_hits}/{row.findings_defective} {hit_rate}", f"{row.defective_share * 100:.0f}%",
            row.example,
        )
    buffer = io.StringIO()
    Console(file=buffer, width=160, force_terminal=False).print(grid)
    return buffer.getvalue()


@click.command("rules")
@click.argument("run_dir", type=click.Path(path_type=Path))
@corpus_option
@click.option("--reviewer", default=None, help="Only this reviewer (its name in the run).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="CSV file to write (default RUN_DIR/rules.csv).")
def rules_command(run_dir, corpus_dir, reviewer, out):
    """Per rule of each static reviewer: fires on how many defective snippets and controls, and how often its
    line is a planted line. Prints the table, writes it as CSV and prints the CSV path last."""
    from redpen_bench.scoring.rules import FindingsError, rule_table

    folder = RunFolder(run_dir)
    folder.read_manifest()  # "not a run folder" before the corpus is loaded
    corpus = open_corpus(corpus_dir)
    rows = read_run_set([folder], corpus, "rules").rows
    with_findings = sorted({r["reviewer"] for r in rows if "findings" in r})
    if reviewer is not None:
        if reviewer not in with_findings:
            known = ", ".join(with_findings) or "none"
            raise InputError(f"--reviewer '{reviewer}': no findings of it in {folder.verdicts_path} "
                             f"(reviewers with findings: {known})")
        rows = [r for r in rows if r["reviewer"] == reviewer]
    elif not with_findings:
        raise InputError(f"{folder.verdicts_path}: no reviewer in this run stores findings (static analyzers and "
                         "sarif: do; LLM reviewers and baselines do not)")
    try:
        table = rule_table(rows, corpus)
    except FindingsError as exc:
        raise InputError(f"{folder.verdicts_path}: {exc}") from None
    click.echo(rules_text(table), nl=False)
    out = out or folder.path / "rules.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(out, index=False, float_format="%.6f")
    print_path(out)


COMMANDS = [rules_command]
