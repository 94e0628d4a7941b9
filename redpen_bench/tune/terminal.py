"""What `redpen-bench tune` prints: the figures side by side (the tool's own profiles, tuned in-sample and
held-out), then the chosen rules. Percent through scoring.percent."""

from __future__ import annotations

import io

from redpen_bench.model.outside_text import rich_text
from redpen_bench.scoring.percent import pct


def report_text(report) -> str:
    """The figures side by side, then the chosen rules: what the tune command prints on stderr."""
    from rich.console import Console
    from rich.table import Table

    cv, sel, table = report.cv, report.selection, report.table
    corpus = report.corpus
    figures = Table(title=rich_text(f"{report.tool} {report.tool_version} on {corpus['name']} "
                                    f"{corpus['hash'][:12]} ({corpus['items']} items, {corpus['snippets']} snippets)"))
    figures.add_column("reviewer")
    figures.add_column("Average", justify="right")
    figures.add_column("")
    for label, value in report.reference.items():
        figures.add_row(label, pct(value), "the tool's own profile" if label.endswith(":default") else "")
    n_items = corpus["items"]
    figures.add_row("tuned, in-sample", pct(report.in_sample),
                    f"{len(sel.rules)} rules chosen and scored on the same {n_items} items (flattering)"
                    if sel.rules else "no rule chosen: no subset beats always-no by --min-gain")
    k = report.settings.folds
    folds = " ".join(pct(x) for x in cv.held_out[:k])
    more = f"; {len(cv.folds)} splits in all, {len(cv.held_out)} folds" if len(cv.folds) > 1 else ""
    figures.add_row("tuned, held-out", f"{pct(cv.mean)} ± {pct(cv.sd)}",
                    f"{k} folds grouped by item: {folds}{more}")
    if report.rerun is not None:
        figures.add_row(f"{report.tool}:{report.profile_name}, re-run", pct(report.rerun),
                        "the written profile, run for real")
    rules = Table(title=f"chosen rules ({sel.method} search"
                        + (f", severity ≥ {sel.threshold})" if sel.threshold else ")"))
    rules.add_column("rule")
    rules.add_column("fires on defective", justify="right")
    rules.add_column("fires on controls", justify="right")
    rules.add_column("Average after" if sel.method == "greedy" else "", justify="right")
    rules.add_column("chosen in folds", justify="right")
    defective = table.defective
    for i, rule in enumerate(sel.rules):
        r = table.index([rule])[0]
        after = pct(sel.trace[i + 1]) if sel.method == "greedy" else ""
        rules.add_row(rich_text(rule), f"{int(table.fires[r][defective].sum())} / {int(defective.sum())}",
                      f"{int(table.fires[r][~defective].sum())} / {int((~defective).sum())}", after,
                      f"{cv.chosen_in(rule)} / {len(cv.selections)}")
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, force_terminal=False)
    console.print(figures)
    fired = report.rules_fired
    console.print(f"every rule on: {fired} {'rule fires' if fired == 1 else 'rules fire'} on some snippet")
    if sel.rules:
        console.print(rules)
    if sel.method == "exact":
        console.print("best training Average per subset size: " + " ".join(pct(x) for x in sel.trace))
    return buffer.getvalue()


def report_notes(report) -> list[str]:
    """What the figures alone do not say: that no profile was written, or that a check disagreed."""
    if report.profile_path is None:
        return [f"no rule subset beats answering no on the training items by --min-gain "
                f"{report.settings.min_gain:g}; no profile written"]
    notes = []
    if abs(report.in_sample - report.in_sample_core) > 1e-9:  # the tests say never; say so loudly if it happens
        notes.append(f"warning: the firing table gives {report.in_sample_core!r} where score_rows gives "
                     f"{report.in_sample!r} for the same rules; please report this")
    if report.rerun is not None and abs(report.rerun - report.in_sample) > 1e-9:
        notes.append(f"note: {report.tool}:{report.profile_name} run for real scores {pct(report.rerun)}, the table "
                     f"{pct(report.in_sample)}: some rules answer differently when run alone")
    return notes
