"""The report's last section: which corpus, which bootstrap, and every reviewer with its versions and settings
(the settings that say what answered; paths of this machine and cache details stay in manifest.json)."""

from __future__ import annotations

import os

from redpen_bench.report.blocks import Heading, Para, Table, Text
from redpen_bench.report.data import ReportData
from redpen_bench.report.reference_tools import reference_note


def about_section(data: ReportData) -> list:
    rows = []
    for key, entry in data.reviewers.items():
        details = ", ".join(f"{k}={_short(v)}" for k, v in _flat(entry.get("info") or {}))
        rows.append([Text(key, cls="name"), Text(str(entry.get("spec") or "")), Text(details)])
    corpus = data.corpus
    return [
        Heading(2, "About this report", "about"),
        Para(f"Corpus {corpus['name']} {corpus['version']}, hash {corpus['hash']}, {corpus['items']} items, "
             f"{corpus['snippets']} scored snippets. Bootstrap: {data.replicates} resamples, seed {data.seed}. "
             + (f"{CLUSTER_SENTENCE.format(clusters=data.clusters)} " if data.clusters else "")
             + (f"{OBVIOUS_SENTENCE.format(obvious=data.obvious)} " if data.obvious else "")
             + (f"{harvested_sentence(corpus['harvested'])} " if corpus.get("harvested") else "")
             + "Times, tool versions and hashes are in manifest.json; every answer with its raw text in "
             "verdicts.jsonl; every score in scores.csv."),
        *([Para(note)] if (note := reference_note(data.corpus, data.reviewers)) else []),
        Table("reviewers", ["Reviewer", "Spec", "Versions and settings"], rows),
    ]


CLUSTER_SENTENCE = ("Mutants of one source function are not independent, so the bootstrap resamples whole functions "
                    "(item.toml [provenance] cluster; {clusters} clusters over the tiers) within each tier, not "
                    "single items.")


OBVIOUS_SENTENCE = ("{obvious} items show their defect on the planted line alone (a constant condition, a stub, a "
                    "function left with only its docstring, a try body reduced to a constant return, a handler "
                    "reduced to pass, `not` on a literal, an identity or a domain constant: item.toml [provenance] "
                    "obvious); "
                    "`mutate --include-obvious` kept them, and linters catch many of them for that reason.")


def harvested_sentence(harvested: dict) -> str:
    """Where a harvested corpus's defects come from, and when: a public repository's old fixes may be in a
    model's training data (docs/harvest.md)."""
    first, last = (str(harvested.get(k) or "?")[:10] for k in ("first_fix", "last_fix"))
    return (f"The items are real bugs harvested from {harvested.get('repository')}, fixes dated {first} to {last} "
            "(redpen-bench harvest): a model trained on its history may have seen them.")


def _flat(info: dict, prefix: str = ""):
    """Nested settings as dotted keys, `prompt.sha256=…`; empty ones, file paths (this machine's, not the
    report's) and cache details are left to manifest.json."""
    for key, value in sorted(info.items()):
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        elif not _local_detail(key, value):
            yield f"{prefix}{key}", value


def _local_detail(key: str, value) -> bool:
    empty = value in (None, "", [], {})
    return empty or key.endswith("path") or key.startswith("cache") or (isinstance(value, str) and os.path.isabs(value))


def _short(value) -> str:
    text = str(value)
    return text[:12] if len(text) == 64 and all(c in "0123456789abcdef" for c in text) else text
