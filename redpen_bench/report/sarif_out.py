"""Verdict rows as a SARIF 2.1.0 log, for code-scanning UIs (GitHub, VS Code's SARIF viewer) and other tools.

It reads rows as they are stored, never scores: one SARIF run per reviewer (driver name and version from the run
manifest's reviewer info), one result per stored finding when the row has findings (static analyzers, `sarif:`),
else one result per snippet answered yes. A result's locations are the named lines, one location per contiguous
range (`3, 4, 5, 9` is two locations: 3-5 and 9); a yes naming no line has one location with no region (the
whole file, as SARIF reads it). Artifact URIs are `items/<id>/<variant>.py` relative to the base id `CORPUS`.

Deterministic on purpose: no timestamps, no absolute paths unless asked for (`corpus_uri`), runs by reviewer
name, results in corpus order, JSON with sorted keys. The same rows give the same bytes, so a committed report's
findings.sarif is checked byte for byte like its other files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from redpen_bench.model.corpus import Corpus
from redpen_bench.model.rows import VerdictRow, as_rows

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
BASE_ID = "CORPUS"
DEFAULT_RULE = "defect"  # the rule of a yes without findings (LLMs, baselines): SARIF viewers group by rule
LEVELS = ("none", "note", "warning", "error")
# the analyzers' own severities, as SARIF levels
_LEVEL_OF = {"fatal": "error", "high": "error", "medium": "warning", "low": "note", "info": "note",
             "convention": "note", "refactor": "note", "informational": "note"}


def ranges(lines: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted line numbers as (start, end) runs of consecutive lines."""
    runs: list[list[int]] = []
    for n in sorted(set(lines)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return [(a, b) for a, b in runs]


def level_of(severity: Any) -> str:
    text = str(severity or "").lower()
    return text if text in LEVELS else _LEVEL_OF.get(text, "warning")


def _location(rel_path: str, start: int | None = None, end: int | None = None) -> dict:
    physical: dict[str, Any] = {"artifactLocation": {"uri": rel_path, "uriBaseId": BASE_ID}}
    if start is not None:
        physical["region"] = {"startLine": start, "endLine": end if end is not None else start}
    return {"physicalLocation": physical}


def _results(rows: Sequence[VerdictRow], paths: dict[tuple[str, str], str]) -> list[dict]:
    results = []
    for row in rows:
        rel_path = paths.get(row.snippet_key)
        if rel_path is None or row.defect is not True or row.error:
            continue
        extra = {"sample": row.sample}
        findings = row.findings or []
        for finding in findings:
            start = finding.line
            end = max(start, finding.end_line or start)
            results.append({
                "ruleId": str(finding.rule or DEFAULT_RULE),
                "level": level_of(finding.severity),
                "message": {"text": str(finding.message or "").strip() or DEFAULT_RULE},
                "locations": [_location(rel_path, start, end)],
                "properties": extra | ({"severity": finding.severity} if finding.severity else {}),
            })
        if not findings:
            spans = ranges(row.lines)
            results.append({
                "ruleId": DEFAULT_RULE, "level": "warning",
                "message": {"text": (row.explanation or "").strip() or DEFAULT_RULE},
                "locations": [_location(rel_path, a, b) for a, b in spans] or [_location(rel_path)],
                "properties": extra,
            })
    return results


def _driver(key: str, entry: Mapping[str, Any], rules: list[str]) -> dict:
    info = entry.get("info") if isinstance(entry.get("info"), dict) else {}
    driver: dict[str, Any] = {"name": str(info.get("tool") or entry.get("family") or key)}
    version = info.get("version")
    if version is None and isinstance(info.get("sdk"), dict):  # an LLM: its model is what answered
        version = info.get("model")
    if version is not None:
        driver["version"] = str(version)
    driver["rules"] = [{"id": rule} for rule in rules]
    return driver


def sarif_log(rows: Sequence[VerdictRow | dict], corpus: Corpus, reviewers: Mapping[str, Mapping[str, Any]],
              only: Sequence[str] | None = None, corpus_uri: str | None = None) -> dict:
    """The log of `rows` (every reviewer in them, or `only` those): `reviewers` is the run manifest's
    reviewer table (key -> spec, family, info). `corpus_uri`, a file URI ending in "/", fills CORPUS's uri."""
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": list(sarif_runs(rows, corpus, reviewers, only, corpus_uri))}


def write_sarif(path: Path, rows: Sequence[VerdictRow], corpus: Corpus, reviewers: Mapping[str, Mapping[str, Any]],
                only: Sequence[str] | None = None, corpus_uri: str | None = None) -> None:
    """sarif_text(sarif_log(...)) written one run at a time: a corpus of 10,000 snippets holds one reviewer's
    results in memory, not every reviewer's."""
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.write(f'{{"$schema":{json.dumps(SCHEMA)},"runs":[')
        for n, run in enumerate(sarif_runs(rows, corpus, reviewers, only, corpus_uri)):
            out.write(("," if n else "") + _compact(run))
        out.write('],"version":"2.1.0"}\n')


def sarif_runs(rows: Sequence[VerdictRow | dict], corpus: Corpus, reviewers: Mapping[str, Mapping[str, Any]],
               only: Sequence[str] | None = None, corpus_uri: str | None = None) -> Iterator[dict]:
    """One SARIF run per reviewer, in the log's order."""
    order = {(v.item_id, v.name): i for i, v in enumerate(corpus.snippets)}
    paths = {(v.item_id, v.name): v.rel_path for v in corpus.snippets}
    hashes = {v.rel_path: v.sha256 for v in corpus.snippets}
    by_reviewer: dict[str, list[VerdictRow]] = {}
    for row in as_rows(rows):
        by_reviewer.setdefault(row.reviewer, []).append(row)
    keys = sorted(by_reviewer) if only is None else [k for k in only if k in by_reviewer]
    base: dict[str, Any] = {"description": {"text": f"the corpus folder ({corpus.name} {corpus.version}, "
                                                    f"sha-256 {corpus.hash})"}}
    if corpus_uri:
        base["uri"] = corpus_uri
    for key in keys:
        mine = sorted(by_reviewer[key], key=lambda r: (order.get(r.snippet_key, len(order)), r.sample))
        results = _results(mine, paths)
        rules = sorted({r["ruleId"] for r in results})
        index = {rule: n for n, rule in enumerate(rules)}
        for result in results:
            result["ruleIndex"] = index[result["ruleId"]]
        # every answered file is an artifact: a file the log lists without a result was looked at and passed
        answered = [paths[k] for k in sorted({r.snippet_key for r in mine if not r.error and r.snippet_key in paths},
                                             key=order.__getitem__)]
        entry = reviewers.get(key, {})
        yield {
            "tool": {"driver": _driver(key, entry, rules)},
            "automationDetails": {"id": f"{key}/"},
            "originalUriBaseIds": {BASE_ID: base},
            "artifacts": [{"location": {"uri": p, "uriBaseId": BASE_ID}, "hashes": {"sha-256": hashes[p]}}
                          for p in answered],
            "results": results,
            "columnKind": "unicodeCodePoints",
            "properties": {"reviewer": key, "spec": str(entry.get("spec") or key)},
        }


def sarif_text(log: dict) -> str:
    return _compact(log) + "\n"


def _compact(data: dict) -> str:
    # compact: a report holds every reviewer's results (about 600 KB for the reference report)
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
