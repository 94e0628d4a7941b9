"""Per-rule statistics of the static reviewers: what each rule fires on, and whether it points at the defect.

Built from the `findings` stored in verdict rows (analyzers and `sarif:` store them; LLM reviewers and baselines
do not, and are left out) joined with the corpus ground truth. It is what a user reads to tune a tool, and what
rule-subset search pivots into a rule x snippet matrix (`rule_firings`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from msgspec import UNSET

from redpen_bench.model.corpus import Corpus
from redpen_bench.model.findings import FindingsError as FindingsError  # raised by rule_table: named here too
from redpen_bench.model.findings import read_findings
from redpen_bench.model.rows import VerdictRow, as_rows, latest_rows

if TYPE_CHECKING:
    import pandas as pd

FIRING_COLUMNS = ["reviewer", "sample", "item", "variant", "defective", "rule", "lines", "findings", "line_hits",
                  "message", "example_line"]
TABLE_COLUMNS = ["reviewer", "rule", "fires_defective", "fires_control", "snippets_defective", "snippets_control",
                 "findings_defective", "line_hits", "line_hit_rate", "defective_share", "example", "example_at"]


def _answered(rows: Iterable[VerdictRow | dict], corpus: Corpus) -> list[VerdictRow]:
    """The last row per (reviewer, item, variant, sample) of reviewers that store findings, without errors and
    only for snippets of this corpus."""
    scored = {(v.item_id, v.name) for v in corpus.snippets}
    return [row for row in latest_rows(as_rows(rows))
            if row.findings is not UNSET and not row.error and row.snippet_key in scored]


def _tidy(rows: Iterable[VerdictRow | dict], corpus: Corpus) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(answered snippets: reviewer, sample, item, variant, defective; firings per rule and snippet)."""
    import pandas as pd

    site_lines = {(v.item_id, v.name): set().union(*v.sites) for v in corpus.snippets}
    defective = {(v.item_id, v.name): v.defective for v in corpus.snippets}
    answered, firings = [], []
    for row in _answered(rows, corpus):
        key = row.snippet_key
        base = {"reviewer": row.reviewer, "sample": row.sample, "item": row.item, "variant": row.variant,
                "defective": defective[key]}
        answered.append(base)
        by_rule: dict[str, list[tuple[int, int, str]]] = {}
        where = f"verdict row ({row.reviewer}, {row.item}, {row.variant}): "
        for finding in read_findings(row.findings, where):
            by_rule.setdefault(finding.rule, []).append((finding.line, finding.end_line, finding.message))
        for rule, spans in by_rule.items():
            spans.sort()
            hits = [s for s in spans if any(s[0] <= p <= s[1] for p in site_lines[key])]
            example = (hits or spans)[0]  # what the rule says when it is right, if it ever is here
            firings.append(base | {
                "rule": rule,
                "lines": tuple(sorted({n for s, e, _ in spans for n in range(s, e + 1)})),
                "findings": len(spans),
                "line_hits": len(hits),
                "message": example[2],
                "example_line": example[0],
            })
    return (pd.DataFrame(answered, columns=FIRING_COLUMNS[:5]),
            pd.DataFrame(firings, columns=FIRING_COLUMNS))


def rule_firings(rows: Iterable[VerdictRow | dict], corpus: Corpus) -> pd.DataFrame:
    """One row per (reviewer, sample, snippet, rule) where the rule fired: the lines its findings cover, how many
    findings, how many of them cover a planted line, and one message. Pivot it for a rule x snippet matrix:
    `firings.pivot_table(index="rule", columns=["item", "variant"], values="findings", fill_value=0)`."""
    return _tidy(rows, corpus)[1]


def rule_table(rows: Iterable[VerdictRow | dict], corpus: Corpus) -> pd.DataFrame:
    """Per (reviewer, rule): fires on how many defective snippets and controls (of how many answered), how many
    of its findings on defective snippets cover a planted line, and an example message.

    line_hit_rate = line_hits / findings_defective; defective_share = fires_defective / (fires_defective +
    fires_control), the precision of the rule as a detector. Sorted by reviewer, then fires_defective desc."""
    import pandas as pd

    answered, firings = _tidy(rows, corpus)
    if firings.empty:
        return pd.DataFrame(columns=TABLE_COLUMNS)
    denominators = answered.groupby("reviewer").agg(
        snippets_defective=("defective", "sum"), snippets_control=("defective", lambda d: int((~d).sum())))
    firings = firings.assign(
        control=~firings["defective"],
        findings_defective=firings["findings"].where(firings["defective"], 0),
        # the example: a planted-line hit first, then a finding on a defective snippet, then any
        rank=-(firings["line_hits"] > 0).astype(int) * 2 - firings["defective"].astype(int),
        example_at=firings["item"].astype(str).radd("items/") + "/" + firings["variant"] + ".py:"
        + firings["example_line"].astype(str),
    )
    grouped = firings.groupby(["reviewer", "rule"], sort=False)
    table = grouped.agg(
        fires_defective=("defective", "sum"), fires_control=("control", "sum"),
        findings_defective=("findings_defective", "sum"), line_hits=("line_hits", "sum"),
    )
    examples = firings.sort_values("rank", kind="stable").groupby(["reviewer", "rule"], sort=False).first()
    table = table.join(examples[["message", "example_at"]].rename(columns={"message": "example"}))
    table = table.reset_index().merge(denominators, left_on="reviewer", right_index=True)
    for column in ("fires_defective", "fires_control", "findings_defective", "line_hits", "snippets_defective",
                   "snippets_control"):
        table[column] = table[column].astype(int)
    # a rule that fires on controls only has no line-hit rate (NaN), not 0
    table["line_hit_rate"] = table["line_hits"] / table["findings_defective"].where(table["findings_defective"] > 0)
    table["defective_share"] = table["fires_defective"] / (table["fires_defective"] + table["fires_control"])
    table = table.sort_values(["reviewer", "fires_defective", "fires_control", "rule"],
                              ascending=[True, False, True, True], kind="stable")
    return table[TABLE_COLUMNS].reset_index(drop=True)
