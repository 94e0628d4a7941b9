"""The rule x snippet firing table: what each rule of one all-rules tool run says on each scored snippet.

Tuning never re-runs the tool per candidate subset. It runs it once with every rule on, keeps each rule's
findings per snippet, and computes what any subset of rules would have answered: yes when any of its rules fires,
the union of their lines, their `RULE: message` texts joined. The metrics of those answers come from the same
definitions as the scorer (`scoring.site_f1`, `keywords.group_hits`, `verdict_from_findings`), computed on
arrays so that thousands of subsets cost one call of the scorer's core, `scoring.tier_metrics`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.findings import Finding, read_findings
from redpen_bench.model.keywords import DEFAULT_MODE, group_hits
from redpen_bench.model.rows import VerdictRow, as_rows
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.scoring.scorer import average, tier_metrics

# Why per-rule keyword hits add up to the union's: a subset's explanation is its findings' texts joined with
# "\n" (verdict_from_findings); normalisation works within a line but for the whitespace it collapses, and every
# finding's text starts with its rule id, so a phrase occurs in the joined text when it occurs in one finding's
# text. Only a phrase running from the end of one message into the next rule id could differ; the tune command
# re-scores its chosen subset with score_rows and warns on any difference. A phrase with a line break could
# span two findings; the table refuses those (build_table).
SEPARATOR = "\n"


@dataclass(frozen=True)
class SnippetTruth:
    """What the scorer knows of one scored snippet."""

    item: str
    variant: str
    tier: str
    defective: bool
    planted: tuple[int, ...] = ()
    keywords: tuple[tuple[str, ...], ...] = ()
    sites: tuple[frozenset[int], ...] = ()  # default: one site per planted line

    def __post_init__(self) -> None:
        if not self.sites and self.planted:
            object.__setattr__(self, "sites", tuple(frozenset({line}) for line in self.planted))


@dataclass(frozen=True, eq=False)
class FiringTable:
    rules: tuple[str, ...]  # R, sorted
    snippets: tuple[SnippetTruth, ...]  # S
    tiers: tuple[str, ...]
    fires: np.ndarray  # (R, S) bool: the rule has a finding on the snippet
    lines: np.ndarray  # (R, S, L) bool: lines its findings cover (line .. end_line, as verdict_from_findings)
    hits: np.ndarray  # (R, S, G) bool: keyword group g hit by one of its findings' `RULE: message` texts
    sites: np.ndarray  # (S, K, L) bool: site k of snippet s holds line l
    n_groups: np.ndarray  # (S,) keyword groups of a defective snippet, 0 for a control
    errored: tuple[int, ...] = ()  # snippets whose tool run failed: they count as "no", as in the scorer

    @cached_property
    def defective(self) -> np.ndarray:
        return np.array([s.defective for s in self.snippets], dtype=bool)

    @cached_property
    def tier_index(self) -> np.ndarray:
        order = {t: i for i, t in enumerate(self.tiers)}
        return np.array([order[s.tier] for s in self.snippets], dtype=int)

    @cached_property
    def items(self) -> np.ndarray:
        return np.array([s.item for s in self.snippets], dtype=object)

    @cached_property
    def n_sites(self) -> np.ndarray:
        return self.sites.any(axis=2).sum(axis=1)

    @cached_property
    def covered(self) -> np.ndarray:
        return self.sites.any(axis=1)

    @cached_property
    def _float(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        n_rules, n_snippets = self.fires.shape
        return (self.fires.astype(np.float32),
                self.lines.reshape(n_rules, n_snippets * self.lines.shape[2]).astype(np.float32),
                self.hits.reshape(n_rules, n_snippets * self.hits.shape[2]).astype(np.float32))

    def counts(self) -> np.ndarray:
        """Snippets each rule fires on."""
        return self.fires.sum(axis=1)

    def index(self, rules: Iterable[str]) -> list[int]:
        position = {r: i for i, r in enumerate(self.rules)}
        return [position[r] for r in rules]

    def union_metrics(self, yes, lines, hits) -> dict[str, np.ndarray]:
        """The union of a candidate's rules, yes (C, S), lines (C, S, L), hits (C, S, G) -> the per-snippet
        columns the measures read (scoring/metrics.py COLUMNS: yes, line F1, keyword recall, has_keywords) exactly
        as score_rows computes them for a verdict from those findings."""
        named = lines.sum(axis=-1).astype(float)
        in_site = (lines & self.covered).sum(axis=-1).astype(float)
        sites_hit = (np.einsum("csl,skl->csk", lines.astype(np.float32), self.sites.astype(np.float32)) > 0).sum(-1)
        with np.errstate(invalid="ignore", divide="ignore"):  # site_f1: 2ab / (a*s + b*n)
            f1_defective = np.where(in_site > 0, 2.0 * in_site * sites_hit
                                    / (in_site * self.n_sites + sites_hit * named), 0.0)
        f1 = np.where(self.defective, f1_defective, (named == 0).astype(float))
        groups = np.maximum(self.n_groups, 1)
        recall = np.where(yes & self.defective, hits.sum(axis=-1) / groups, 0.0)
        return {"yes": yes, "f1": f1, "recall": recall, "has_keywords": self.n_groups > 0}

    def subset_metrics(self, member: np.ndarray) -> dict[str, np.ndarray]:
        """member: (C, R) bool, one candidate subset per row -> the per-snippet columns, (C, S) each."""
        fires, lines, hits = self._float
        m = np.atleast_2d(member).astype(np.float32)
        n, s = m.shape[0], len(self.snippets)
        yes = (m @ fires) > 0
        union_lines = ((m @ lines) > 0).reshape(n, s, self.lines.shape[2])
        union_hits = ((m @ hits) > 0).reshape(n, s, self.hits.shape[2])
        return self.union_metrics(yes, union_lines, union_hits)

    def averages(self, columns: dict[str, np.ndarray], weights=None) -> np.ndarray:
        """The Average (mean of the tier scores present) per candidate of union_metrics' columns, through the
        scorer's core. weights: (S,) 0/1 mask of the snippets that count (a fold's training or held-out items)."""
        metrics = tier_metrics(columns, self.defective, self.tier_index, len(self.tiers), weights)
        return average(metrics["score"])

    def evaluate(self, rules: Sequence[str], weights=None) -> float:
        member = np.zeros((1, len(self.rules)), dtype=bool)
        member[0, self.index(rules)] = True
        return float(self.averages(self.subset_metrics(member), weights)[0])


def build_table(
    snippets: Sequence[SnippetTruth], tiers: Sequence[str], findings: Sequence[Iterable[Finding]],
    errored: Iterable[int] = (), keywords: str = DEFAULT_MODE,
) -> FiringTable:
    """findings[s]: every finding of the all-rules run on snippet s; `keywords`: the keyword matching."""
    findings = [list(f) for f in findings]
    _check_one_line_phrases(snippets)
    rules = tuple(sorted({f.rule for fs in findings for f in fs}))
    position = {r: i for i, r in enumerate(rules)}
    n_rules, n_snippets, n_lines = len(rules), len(snippets), _last_line(snippets, findings) + 1
    n_groups = max([len(s.keywords) for s in snippets] + [1])
    fires = np.zeros((n_rules, n_snippets), dtype=bool)
    lines = np.zeros((n_rules, n_snippets, n_lines), dtype=bool)
    hits = np.zeros((n_rules, n_snippets, n_groups), dtype=bool)
    for s, (truth, found) in enumerate(zip(snippets, findings, strict=True)):
        groups = truth.keywords if truth.defective else ()
        for f in found:
            r = position[f.rule]
            fires[r, s] = True
            lines[r, s, f.line: max(f.line, f.end_line) + 1] = True
            if groups:
                hits[r, s, : len(groups)] |= group_hits(f"{f.rule}: {f.message}", groups, keywords)
    group_counts = np.array([len(s.keywords) if s.defective else 0 for s in snippets], dtype=int)
    return FiringTable(rules, tuple(snippets), tuple(tiers), fires, lines, hits, _sites(snippets, n_lines),
                       group_counts, tuple(sorted(set(errored))))


def _check_one_line_phrases(snippets: Sequence[SnippetTruth]) -> None:
    """Tuning matches a finding's one-line message: a keyword phrase holding a line break is refused."""
    for truth in snippets:
        for group in truth.keywords:
            for phrase in group:
                if SEPARATOR in phrase:
                    raise InputError(f"item {truth.item} ({truth.variant}): keyword phrase {phrase!r} holds a line "
                                     "break; tuning needs phrases on one line")


def _last_line(snippets: Sequence[SnippetTruth], findings: list[list[Finding]]) -> int:
    """The last line any finding or site names (0: none), so one line axis holds them all."""
    return max([max(f.line, f.end_line) for fs in findings for f in fs]
               + [n for s in snippets for site in s.sites for n in site] + [0])


def _sites(snippets: Sequence[SnippetTruth], n_lines: int) -> np.ndarray:
    """(snippet, site, line): each snippet's sites as line masks."""
    n_site_max = max([len(s.sites) for s in snippets] + [1])
    sites = np.zeros((len(snippets), n_site_max, n_lines), dtype=bool)
    for s, truth in enumerate(snippets):
        for k, site in enumerate(truth.sites):
            sites[s, k, list(site)] = True
    return sites


def corpus_truths(corpus: Corpus) -> list[SnippetTruth]:
    tier_of = {item.id: item.tier for item in corpus.items}
    return [SnippetTruth(v.item_id, v.name, tier_of[v.item_id], v.defective, v.planted_lines, v.keywords, v.sites)
            for v in corpus.snippets]


def findings_of(row: VerdictRow) -> list[Finding]:
    return read_findings(row.findings or [])


def table_from_rows(rows: Iterable[VerdictRow | dict], corpus: Corpus, keep: RuleFilter | None = None) -> FiringTable:
    """The firing table of one reviewer's rows (an all-rules run storing `findings`), over every scored snippet
    of the corpus; `keep` filters findings (a severity threshold). A snippet without a row or with an error row
    counts as "no", as the scorer counts it."""
    by_snippet = {r.snippet_key: r for r in as_rows(rows) if r.sample == 0}
    truths = corpus_truths(corpus)
    findings, errored = [], []
    for s, truth in enumerate(truths):
        row = by_snippet.get((truth.item, truth.variant))
        if row is None or row.error:
            errored.append(s)
            findings.append([])
            continue
        found = findings_of(row)
        findings.append(found if keep is None else keep.findings(found))
    return build_table(truths, corpus.tiers, findings, errored)


def subset_rows(rows: Iterable[VerdictRow | dict], keep: RuleFilter, key: str) -> list[VerdictRow]:
    """The verdict rows the tool would have written with only the rules (at the threshold) `keep` keeps: each
    row's findings filtered as a shared run filters its union's (ToolTuning.profile_filter), then the one
    findings -> verdict mapping. Error rows stay error rows."""
    from redpen_bench.reviewers.tools.findings import verdict_from_findings

    out = []
    for row in as_rows(rows):
        if row.error:
            out.append(row.replace(reviewer=key))
            continue
        found = keep.findings(findings_of(row))
        verdict = verdict_from_findings(found)
        out.append(VerdictRow.of(key, row.item, row.variant, verdict, row.sample,
                                 findings=[f.to_dict() for f in sorted(found)]))
    return out
