"""Assemble a report folder from run folders: report.md, report.html, charts/, scores.csv, verdicts.jsonl,
manifest.json. The one data path: run rows -> `score_rows` (the scored table) -> report data -> every file."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from redpen_bench import __version__
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.report import charts, document, html, markdown
from redpen_bench.report.background import Background, frozen_heap
from redpen_bench.report.data import ReportData, gather, shorten
from redpen_bench.report.stats import DEFAULT_REPLICATES, LEVEL
from redpen_bench.run.folder import RunFolder, now
from redpen_bench.scoring.scorer import METRICS, ScoredTable, score_rows

TOP_RULES = 8
TOP_RULE_COLUMNS = ["rule", "fires_defective", "fires_control", "line_hits", "line_hit_rate", "profiles", "example"]
ALL_RULE_COLUMNS = ["reviewer", "rule", "fires_defective", "snippets_defective", "fires_control", "snippets_control",
                    "line_hits", "line_hit_rate", "defective_share", "example_at"]


@dataclass
class Report:
    path: Path
    table: ScoredTable
    data: ReportData


def read_runs(run_dirs: Sequence[str | Path], corpus: Corpus,
              reviewers: Sequence[str] | None = None) -> tuple[list[dict], dict]:
    """Rows (the last per key) of run folders made for this corpus, and their manifests merged."""
    if not run_dirs:
        raise InputError("report: name at least one run folder")
    rows, merged = [], {"runs": [], "reviewers": {}}
    for path in run_dirs:
        folder = RunFolder(path)
        manifest = folder.read_manifest()
        if manifest["corpus"]["hash"] != corpus.hash:
            raise InputError(
                f"{folder.manifest_path}: field 'corpus.hash': made for corpus {manifest['corpus']['hash'][:12]}, "
                f"but the corpus given is {corpus.name} {corpus.hash[:12]}; pass the right --corpus")
        merged["runs"].append({"path": _display_path(folder.path), "created": manifest.get("created")})
        for key, entry in manifest.get("reviewers", {}).items():
            for alias in entry.get("rows_as") or [key]:  # a replay file's reviewers under their own names
                merged["reviewers"][alias] = entry
        rows += folder.rows()
    if reviewers is not None:
        wanted = set(reviewers)
        rows = [r for r in rows if r["reviewer"] in wanted]
        merged["reviewers"] = {k: v for k, v in merged["reviewers"].items() if k in wanted}
    if not rows:
        raise InputError(f"{run_dirs[0]}: no verdict rows to report on")
    # one canonical order, whatever order the reviewers' threads appended in: the same verdicts give the same
    # report (the rule table's example messages, for one, are the first in row order)
    order = {(v.item_id, v.name): i for i, v in enumerate(corpus.snippets)}
    rows.sort(key=lambda r: (r["reviewer"], order.get((r["item"], r["variant"]), len(order)), r.get("sample") or 0))
    return rows, merged


def _display_path(path: Path) -> str:
    """Relative to the working folder when inside it: no machine's absolute path in a committed report."""
    try:
        return os.path.relpath(path.resolve(), Path.cwd())
    except ValueError:
        return str(path)


def _rules(rows: list[dict], corpus: Corpus, families: dict[str, str]):
    """The per-rule table (rules.rule_table) and, per tool, its top rules over all its profiles: a rule fires on
    the same snippets whichever profile enables it, so each rule is listed once, with the profiles that ran it."""
    from redpen_bench.scoring.rules import rule_table

    table = rule_table(rows, corpus)
    if table.empty:
        return None, {}
    table = table.assign(tool=table["reviewer"].map(lambda r: families.get(r) or r.partition(":")[0]))
    top = {}
    for tool, part in table.groupby("tool", sort=True):
        profiles = part.groupby("rule")["reviewer"].agg(lambda r: ", ".join(sorted(set(r))))
        best = part.sort_values(["fires_defective", "line_hits", "fires_control", "rule"],
                                ascending=[False, False, True, True], kind="stable").drop_duplicates("rule")
        best = best.head(TOP_RULES).assign(profiles=best["rule"].head(TOP_RULES).map(profiles),
                                           example=best["example"].head(TOP_RULES).map(lambda m: shorten(m, 160)))
        top[tool] = best[TOP_RULE_COLUMNS].reset_index(drop=True)
    return table[ALL_RULE_COLUMNS], top


def scores_frame(data: ReportData) -> pd.DataFrame:
    """scores.csv: one row per (reviewer, tier) and one per reviewer for the Average, values and intervals."""
    records = []
    for rank, row in enumerate(data.rows, 1):
        base = {"rank": rank, "reviewer": row.reviewer, "family": row.family}
        for tier, cells in row.metrics.items():
            record = base | {"tier": tier, "n_items": data.tier_items.get(tier, 0)}
            for metric in METRICS:
                cell = cells[metric]
                record |= {metric: cell.value, f"{metric}_low": cell.low, f"{metric}_high": cell.high}
            records.append(record)
        records.append(base | {"tier": "average", "n_items": sum(data.tier_items.values()),
                               "score": row.average.value, "score_low": row.average.low,
                               "score_high": row.average.high, "samples": row.samples,
                               "unparsed": row.unparsed, "errors": row.errors, "missing": row.missing})
    columns = ["rank", "reviewer", "family", "tier", "n_items"]
    columns += [f"{m}{suffix}" for m in METRICS for suffix in ("", "_low", "_high")]
    columns += ["samples", "unparsed", "errors", "missing"]
    return pd.DataFrame(records, columns=columns)


def _write_verdicts(path: Path, rows: list[dict], data: ReportData) -> None:
    """The rows (in read_runs' order: reviewer, corpus order, sample) in report order: by rank, then as they
    come. Written in blocks: the whole text of a 50x corpus's verdicts at once would hold 100 MB more."""
    rank = {r: i for i, r in enumerate(data.ranking)}
    rows = sorted(rows, key=lambda r: rank.get(r["reviewer"], len(rank)))  # stable: the rest of the order stays
    encode = _row_encoder()
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for start in range(0, len(rows), 4096):
            out.write("".join(encode(r) + "\n" for r in rows[start:start + 4096]))


def _row_encoder() -> Callable[[dict], str]:
    """json.dumps(row, ensure_ascii=False, sort_keys=True), with one C encoder for all rows: JSONEncoder.encode
    builds a new one per call, a quarter of the time of writing 100,000 rows."""
    standard = json.JSONEncoder(ensure_ascii=False, sort_keys=True)
    try:
        chunks = json.encoder.c_make_encoder(None, standard.default, json.encoder.encode_basestring, None,
                                             standard.key_separator, standard.item_separator, True, False, True)
        probe = {"b": [1.5, None, {"é": "\n\u2028"}], "a": True}
        if "".join(chunks(probe, 0)) == standard.encode(probe):
            return lambda row: "".join(chunks(row, 0))
    except TypeError:  # no C accelerator here (None), or another signature
        pass
    return standard.encode


def _manifest(data: ReportData, runs: dict, extra: dict) -> dict:
    reviewers = {}
    for key in data.ranking:
        entry = runs["reviewers"].get(key, {})
        reviewers[key] = {k: entry.get(k) for k in ("spec", "family", "info", "started", "finished", "seconds")}
    versions = {k: e["info"]["version"] for k, e in reviewers.items() if isinstance(e.get("info"), dict)
                and "version" in e["info"]}
    prompts = {k: e["info"]["prompt"] for k, e in reviewers.items() if isinstance(e.get("info"), dict)
               and "prompt" in e["info"]}
    return {
        "schema_version": 1, "redpen_bench": __version__, "generated": now(), "corpus": data.corpus,
        "runs": runs["runs"], "reviewers": reviewers, "tool_versions": versions, "prompts": prompts,
        "bootstrap": {"replicates": data.replicates, "seed": data.seed, "level": LEVEL,
                      "resample": "items within tier"},
    } | extra


def build_report(run_dirs: Sequence[str | Path], corpus: Corpus, out: str | Path,
                 reviewers: Sequence[str] | None = None, replicates: int = DEFAULT_REPLICATES, seed: int = 0,
                 extra_manifest: dict | None = None) -> Report:
    """Score the runs' rows (only `reviewers`' when given) and write the report folder `out`."""
    rows, runs = read_runs(run_dirs, corpus, reviewers)
    with frozen_heap():
        families = {key: entry.get("family") or "" for key, entry in runs["reviewers"].items()}
        rules = Background(_rules, rows, corpus, families)  # beside the scoring: neither needs the other
        table = score_rows(rows, corpus)
        data = gather(table, corpus, runs, replicates, seed, *rules.result())
        svgs_drawn = Background(charts.all_charts, data)  # beside writing verdicts.jsonl and scores.csv

        out = Path(out)
        (out / "charts").mkdir(parents=True, exist_ok=True)
        _write_verdicts(out / "verdicts.jsonl", rows, data)
        scores_frame(data).to_csv(out / "scores.csv", index=False, float_format="%.6f")
        svgs = svgs_drawn.result()
        for stale in (out / "charts").glob("*.svg"):
            if stale.stem not in svgs:
                stale.unlink()
        for name, svg in svgs.items():
            (out / "charts" / f"{name}.svg").write_text(svg, encoding="utf-8")
        title, blocks = document.build(data, svgs)
        (out / "report.md").write_text(markdown.render(title, blocks), encoding="utf-8")
        (out / "report.html").write_text(html.render(title, blocks), encoding="utf-8")
        manifest = _manifest(data, runs, extra_manifest or {})
        (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True, default=str) + "\n",
                                           encoding="utf-8")
    return Report(out, table, data)
