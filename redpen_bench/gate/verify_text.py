"""What `verify` prints: the gate's report as text for people, or as JSON with the corpus and the warnings."""

from __future__ import annotations

import json
from collections.abc import Sequence

from redpen_bench.gate import GateLimits, GateReport
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.outside_text import terminal


def verify_json(report: GateReport, corpus: Corpus, warnings: list[str]) -> str:
    return json.dumps(report.to_json() | {"corpus": corpus.summary(), "warnings": warnings}, indent=2) + "\n"


def verify_text(report: GateReport, corpus: Corpus, limits: GateLimits, items: Sequence[str] | None = None) -> str:
    """The corpus checked, each failure, how close each measure came to its limit, the notes, the counts."""
    checked = f"; checked: {', '.join(items)}" if items else ""
    lines = [terminal(f"corpus {corpus.name} {corpus.version} ({corpus.hash[:12]}): {len(corpus.items)} items"
                      f"{checked}")]
    lines += [terminal(f"FAIL {f['item']}: {f['check']}: {f['reason']}") for f in report.failures]
    lines += closest_lines(report, limits)
    lines += [f"note: {terminal(note)}" for note in report.notes]
    return "\n".join([*lines, report.summary_line()]) + "\n"


def closest_lines(report: GateReport, limits: GateLimits) -> list[str]:
    """The nearest each measure came to its limit: how much room the corpus has."""
    lines = []
    if report.most_similar:
        a, b = report.most_similar["items"]
        lines.append(f"most similar pair: {a} ~ {b}: {report.most_similar['similarity']:.3f} "
                     f"(limit {limits.max_similarity:.2f})")
    if report.closest_disguise:
        lines.append(f"closest disguise: {report.closest_disguise['item']}: original ~ disguised "
                     f"{report.closest_disguise['similarity']:.3f} (limit {limits.max_disguise_similarity:.2f})")
    if report.closest_domains:
        a, b = report.closest_domains["variants"]
        lines.append(f"closest domains: {a} ~ {b}: {report.closest_domains['overlap']:.3f} "
                     f"(limit {limits.max_domain_overlap:.2f}); words in both: "
                     f"{', '.join(report.closest_domains['words']) or 'none'}")
    kw = report.keywords
    if kw.get("fixture_recall") is not None:
        lines.append(f"keyword fixtures: mean recall {kw['fixture_recall']:.3f} "
                     f"(each >= {limits.min_fixture_recall:.2f}), "
                     f"mean site F1 of their lines {kw['fixture_site_f1']:.3f}")
    if kw.get("generic_recall") is not None:
        lines.append(f"generic explanations: mean recall {kw['generic_recall']:.3f} "
                     f"(limit {limits.max_generic_recall:.2f})")
    return lines
