"""Assemble a report folder from run folders: report.md, report.html, charts/, scores.csv, verdicts.jsonl,
findings.sarif, manifest.json. The one data path: run rows -> `score_rows` (the scored table) -> report data ->
every file (findings.sarif is the rows themselves, unscored)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from redpen_bench import __version__
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.outside_text import csv_frame
from redpen_bench.model.rows import VerdictRow
from redpen_bench.report import charts, document, html, markdown
from redpen_bench.report.data import ReportData, shorten
from redpen_bench.report.gather import gather
from redpen_bench.report.sarif_out import write_sarif
from redpen_bench.reviewers.baselines import BASELINES
from redpen_bench.run.baseline_rows import ADDED_NOTE, with_baselines
from redpen_bench.run.folder import RunFolder, now
from redpen_bench.run.run_set import read_run_set
from redpen_bench.scoring import DEFAULT_REPLICATES
from redpen_bench.scoring.metrics import METRICS
from redpen_bench.scoring.scorer import ScoredTable, score_rows
from redpen_bench.scoring.stats import LEVEL

# mutants of one source function are not independent (scoring/stats.py)
CLUSTER_RESAMPLE = "clusters within tier: an item's cluster is its source function (item.toml [provenance] cluster)"
TOP_RULES = 8
TOP_RULE_COLUMNS = ["rule", "fires_defective", "fires_control", "line_hits", "line_hit_rate", "profiles", "example"]
ALL_RULE_COLUMNS = ["reviewer", "rule", "fires_defective", "snippets_defective", "fires_control", "snippets_control",
                    "line_hits", "line_hit_rate", "defective_share", "example_at"]


@dataclass
class Report:
    path: Path
    table: ScoredTable
    data: ReportData


def read_runs(run_dirs: Sequence[str | Path | RunFolder], corpus: Corpus,
              reviewers: Sequence[str] | None = None) -> tuple[list[VerdictRow], dict]:
    """Rows (the last per key) of run folders made for this corpus, and their manifests merged."""
    runs = read_run_set(run_dirs, corpus, "report")
    rows = runs.rows
    merged = {"runs": [{"path": _display_path(f.path), "created": m.get("created")}
                       for f, m in zip(runs.folders, runs.manifests)],
              "reviewers": runs.reviewers()}
    if reviewers is not None:
        wanted = set(reviewers)
        rows = [r for r in rows if r.reviewer in wanted]
        merged["reviewers"] = {k: v for k, v in merged["reviewers"].items() if k in wanted}
    if not rows:
        raise InputError(f"{run_dirs[0]}: no verdict rows to report on")
    # one canonical order, whatever order the reviewers' threads appended in: the same verdicts give the same
    # report (the rule table's example messages, for one, are the first in row order)
    order = {(v.item_id, v.name): i for i, v in enumerate(corpus.snippets)}
    rows.sort(key=lambda r: (r.reviewer, order.get(r.snippet_key, len(order)), r.sample))
    return rows, merged


def _display_path(path: Path) -> str:
    """Relative to the working folder when inside it: no machine's absolute path in a committed report."""
    try:
        return os.path.relpath(path.resolve(), Path.cwd())
    except ValueError:
        return str(path)


def _rules(rows: list[VerdictRow], corpus: Corpus, families: dict[str, str]):
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


def _write_verdicts(path: Path, rows: list[VerdictRow], data: ReportData) -> None:
    """The rows (in read_runs' order: reviewer, corpus order, sample) in report order: by rank, then as they
    come."""
    rank = {r: i for i, r in enumerate(data.ranking)}
    rows = sorted(rows, key=lambda r: rank.get(r.reviewer, len(rank)))  # stable: the rest of the order stays
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for row in rows:
            out.write(json.dumps(row.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")


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
                      "resample": CLUSTER_RESAMPLE if data.clusters else "items within tier"}
        | ({"clusters": data.clusters} if data.clusters else {}),
    } | extra


def report_dir(out: str | Path, name: str | None, corpus: Corpus) -> Path:
    """The folder a new report goes to. Without a name, `<corpus>-<time>` created here and now, exclusively
    (`-2`, `-3`... when another report took it in the same second), so concurrent reports never share one."""
    if name is not None and (not name.strip() or "/" in name or name in (".", "..")):
        raise InputError(f"--name '{name}': expected a plain folder name")
    out = Path(out)
    if name is not None:
        return out / name
    base = f"{corpus.name}-{time.strftime('%Y%m%d-%H%M%S')}"
    _make_dirs(out)
    for attempt in range(1, 1000):
        path = out / (base if attempt == 1 else f"{base}-{attempt}")
        try:
            path.mkdir()
            return path
        except FileExistsError:
            continue
        except OSError as exc:
            raise ReportPlaceError(f"{path}: cannot create the report folder: {exc.strerror}") from None
    raise ReportPlaceError(f"{out}: no free report folder name for {base}")


def build_report(run_dirs: Sequence[str | Path | RunFolder], corpus: Corpus, out: str | Path,
                 reviewers: Sequence[str] | None = None, replicates: int = DEFAULT_REPLICATES, seed: int = 0,
                 extra_manifest: dict | None = None, baselines: Sequence[str] = BASELINES) -> Report:
    """Score the runs' rows (only `reviewers`' when given) with those of `baselines` they lack, made in memory
    as `score --intervals` makes them (random seeded by `seed`), and write the report folder `out`. The files are
    written into a hidden folder beside it and renamed into place at the end: a killed report leaves no folder
    that looks complete, and a report already at `out` is replaced whole."""
    rows, runs = read_runs(run_dirs, corpus, reviewers)
    rows, added = with_baselines(rows, corpus, baselines, seed)
    for key in added:
        runs["reviewers"][key] = {"spec": key, "family": key, "info": {"added": ADDED_NOTE}}
    families = {key: entry.get("family") or "" for key, entry in runs["reviewers"].items()}
    table = score_rows(rows, corpus)
    data = gather(table, corpus, runs, replicates, seed, *_rules(rows, corpus, families))
    svgs = charts.all_charts(data)
    out = Path(out)
    with _staged(out) as stage:
        (stage / "charts").mkdir()
        _write_verdicts(stage / "verdicts.jsonl", rows, data)
        csv_frame(scores_frame(data)).to_csv(stage / "scores.csv", index=False, float_format="%.6f")
        write_sarif(stage / "findings.sarif", rows, corpus, runs["reviewers"])
        for name, svg in svgs.items():
            (stage / "charts" / f"{name}.svg").write_text(svg, encoding="utf-8")
        title, blocks = document.build(data, svgs)
        (stage / "report.md").write_text(markdown.render(title, blocks), encoding="utf-8")
        (stage / "report.html").write_text(html.render(title, blocks), encoding="utf-8")
        manifest = _manifest(data, runs, extra_manifest or {})
        (stage / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True, default=str) + "\n",
                                             encoding="utf-8")
    return Report(out, table, data)


class ReportPlaceError(InputError):
    """The report cannot be written where it was asked to go (exit 2; a full disk exits 1)."""


def _make_dirs(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise ReportPlaceError(f"{path}: a file is in the way of the report folder; choose another --out") from None
    except OSError as exc:
        raise ReportPlaceError(f"{path}: cannot create the report folder: {exc.strerror}") from None


@contextlib.contextmanager
def _staged(out: Path) -> Iterator[Path]:
    """A hidden folder beside `out` to write into; renamed onto `out` (an empty reserved folder, or a report
    there before, which is replaced) when the block ends, removed when it fails."""
    _make_dirs(out.parent)
    try:
        stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".partial", dir=out.parent))
    except OSError as exc:
        raise ReportPlaceError(f"{out.parent}: cannot write the report there: {exc.strerror}") from None
    try:
        yield stage
        old = None
        if out.exists() and any(out.iterdir()):
            old = out.with_name(f"{stage.name}.old")
            os.rename(out, old)
        os.replace(stage, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        _discard(stage, out)
        error = ReportPlaceError(f"{out}: the report could not be written: {exc.strerror or exc}")
        if exc.errno == errno.ENOSPC:
            error.exit_code = 1
        raise error from None
    except BaseException:
        _discard(stage, out)
        raise


def _discard(stage: Path, out: Path) -> None:
    """A failed report leaves nothing: its hidden folder goes, and so does the empty folder `report_dir`
    reserved (rmdir removes only an empty one: a report there before stays)."""
    shutil.rmtree(stage, ignore_errors=True)
    with contextlib.suppress(OSError):
        out.rmdir()
