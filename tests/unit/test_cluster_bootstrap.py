"""The bootstrap of a generated corpus draws source-function clusters within tier: with one item per cluster it is
the item bootstrap draw for draw, and clusters of correlated items widen the intervals. The report says so only
for a corpus whose items carry clusters, and labels keyword recall and the operator codes only for a generated one."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.operators import MUTATION, NAMES
from redpen_bench.report import build, document
from redpen_bench.report.gather import gather
from redpen_bench.report.markdown import render
from redpen_bench.scoring import stats
from redpen_bench.scoring.scorer import score_rows
from tests.corpus_factory import make_corpus


def _universe(tier_sizes: list[int], per_item: int) -> tuple[pd.DataFrame, tuple[str, ...]]:
    tiers = tuple(f"t{k}" for k in range(len(tier_sizes)))
    records = [(f"{t}-i{i}", v, t) for t, n in zip(tiers, tier_sizes) for i in range(n) for v in range(per_item)]
    return pd.DataFrame(records, columns=["item", "variant", "tier"]), tiers


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=1, max_size=5), st.integers(1, 4), st.integers(0, 2**32 - 1),
       st.booleans())
def test_one_item_per_cluster_draws_exactly_the_item_bootstrap(tier_sizes, per_item, seed, named):
    """Property: clusters of one item each (named, or no cluster at all) give the very same draws as no clusters."""
    universe, tiers = _universe(tier_sizes, per_item)
    items = list(dict.fromkeys(universe["item"]))
    clusters = {item: f"src.py::f{k}" for k, item in enumerate(items)} if named else {item: "" for item in items}
    plain = stats.resample(universe, tiers, 80, seed=seed)
    clustered = stats.resample(universe, tiers, 80, seed=seed, clusters=clusters)
    assert np.array_equal(plain.counts, clustered.counts)
    assert np.array_equal(plain.snippet_item, clustered.snippet_item)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=1, max_size=4), st.integers(1, 3), st.integers(0, 2**32 - 1))
def test_items_of_a_cluster_always_share_their_draw_count(tier_sizes, size, seed):
    """Invariant: every item of a cluster is drawn as often as the others, and each tier draws as many clusters as
    it has."""
    universe, tiers = _universe(tier_sizes, 2)
    items = list(dict.fromkeys(universe["item"]))
    clusters = {item: f"{item.split('-')[0]}::f{int(item.split('-i')[1]) // size}" for item in items}
    draws = stats.resample(universe, tiers, 50, seed=seed, clusters=clusters)
    for cluster in set(clusters.values()):
        columns = [k for k, item in enumerate(items) if clusters[item] == cluster]
        assert (draws.counts[:, columns] == draws.counts[:, columns[:1]]).all()
    for tier in tiers:
        mine = [k for k, item in enumerate(items) if item.startswith(f"{tier}-")]
        firsts = list(dict.fromkeys(clusters[items[k]] for k in mine))
        first_columns = [next(k for k in mine if clusters[items[k]] == c) for c in firsts]
        assert (draws.counts[:, first_columns].sum(axis=1) == len(firsts)).all()


def _rows(corpus, reviewer: str, says_yes) -> list[dict]:
    return [{"reviewer": reviewer, "item": v.item_id, "variant": v.name, "sample": 0,
             "defect": bool(says_yes(v)) if v.defective else False, "lines": [2] if says_yes(v) else [],
             "explanation": "off-by-one at the limit", "error": None} for v in corpus.snippets]


def _generated(root, tiers: dict[str, int], cluster_size: int):
    """A synthetic corpus marked as made by `mutate`, its items in clusters of `cluster_size` per tier."""
    make_corpus(root, tiers, disguised=False)
    with (root / "corpus.toml").open("a") as meta:
        meta.write('\n[generated]\ntool = "redpen-bench"\nmode = "corpus"\nseed = 0\n')
    seen: dict[str, int] = {}
    for folder in sorted((root / "items").iterdir()):
        path = folder / "item.toml"
        tier = next(line.split('"')[1] for line in path.read_text().splitlines() if line.startswith("tier ="))
        k = seen[tier] = seen.get(tier, -1) + 1  # as mutate writes them: the operator is the tier
        text = "\n".join(f'operators = ["{tier}"]' if line.startswith("operators =") else line
                         for line in path.read_text().splitlines())
        path.write_text(f'{text}\n\n[provenance]\ncluster = "{tier}.py::f{k // cluster_size}"\n')
    return load_corpus(root)


def test_clusters_of_correlated_items_widen_the_interval(tmp_path):
    """40 items in 8 functions, the reviewer right on every mutant of half the functions and on none of the other
    half: the items are 8 observations, not 40, and the interval must say so."""
    corpus = _generated(tmp_path / "c", {"AOR": 40}, cluster_size=5)
    good = {item.id for item in corpus.items if int(item.cluster.rsplit("f", 1)[1]) % 2 == 0}
    table = score_rows(_rows(corpus, "r", lambda v: v.item_id in good), corpus)
    clusters = {item.id: item.cluster for item in corpus.items}
    by_item = stats.bootstrap(table, 1000, seed=0, clusters={}).interval("r")
    by_cluster = stats.bootstrap(table, 1000, seed=0, clusters=clusters)
    # by default the table's own clusters: `score --intervals` and `--must-beat` draw as the report does
    assert np.array_equal(stats.bootstrap(table, 1000, seed=0).average["r"], by_cluster.average["r"])
    width = by_cluster.interval("r")[1] - by_cluster.interval("r")[0]
    assert by_cluster.clusters == 8
    assert width > 1.5 * (by_item[1] - by_item[0])


def test_one_item_per_cluster_gives_the_item_intervals(tmp_path):
    corpus = _generated(tmp_path / "c", {"AOR": 9, "HOM": 5}, cluster_size=1)
    table = score_rows(_rows(corpus, "r", lambda v: hash(v.item_id) % 3 == 0), corpus)
    plain = stats.bootstrap(table, 300, seed=2, clusters={})
    clustered = stats.bootstrap(table, 300, seed=2, clusters={item.id: item.cluster for item in corpus.items})
    assert np.array_equal(plain.average["r"], clustered.average["r"], equal_nan=True)
    assert clustered.clusters == 14 and plain.clusters == 0


def _report(corpus):
    rows = _rows(corpus, "always-no", lambda v: False) + _rows(corpus, "r", lambda v: v.item_id.endswith("0-synthetic"))
    data = gather(score_rows(rows, corpus), corpus, {"reviewers": {}}, 200, 0)
    title, blocks = document.build(data, {})
    return data, render(title, blocks), build._manifest(data, {"runs": [], "reviewers": {}}, {})


def test_a_generated_report_explains_codes_clusters_and_keyword_recall(tmp_path):
    corpus = _generated(tmp_path / "c", {"AOR": 6, "SDL": 4, "HOM": 3}, cluster_size=2)
    data, text, manifest = _report(corpus)
    assert data.clusters == 3 + 2 + 2
    assert f"AOR {NAMES['AOR']}; SDL {NAMES['SDL']}; HOM {NAMES['HOM']}" in text  # the table's order
    assert "| AOR (6) | SDL (4) | HOM (3) |" in text  # codes as they are, not "Aor"
    assert "Keyword recall (template)" in text and "template-derived" in text
    assert "resamples whole functions" in text and "7 clusters" in text
    assert "intervals over source functions" in text
    assert manifest["bootstrap"]["resample"] == build.CLUSTER_RESAMPLE and manifest["bootstrap"]["clusters"] == 7
    json.dumps(manifest)


def test_a_hand_written_corpus_report_has_none_of_it(tmp_path):
    corpus = load_corpus(make_corpus(tmp_path / "c", {"easy": 4, "medium": 3, "hard": 2}))
    data, text, manifest = _report(corpus)
    assert (data.clusters, data.generated) == (0, False)
    # its operator codes are named too, under the heat map, but its tiers are no operator families
    assert data.legend.startswith(f"AOR {NAMES['AOR']}; ") and f"Codes: {data.legend}." in text
    assert "Tiers are mutation-operator families" not in text
    assert "template" not in text and "cluster" not in text and "source functions" not in text
    assert manifest["bootstrap"]["resample"] == "items within tier" and "clusters" not in manifest["bootstrap"]


def test_every_operator_mutate_plants_has_a_name():
    from redpen_bench.generate.operators import OPERATORS
    from redpen_bench.generate.units import TIER_ORDER

    assert list(OPERATORS) == list(MUTATION)
    assert all(code in NAMES for code in TIER_ORDER)


def test_must_beat_and_intervals_draw_the_reports_clusters(tmp_path):
    """Issue 32 item 7: `score --must-beat` and `--intervals` resampled items while the report drew clusters, so
    on a generated corpus the CI threshold was more lenient than the report's test."""
    from redpen_bench import api

    corpus = _generated(tmp_path / "c", {"AOR": 40}, cluster_size=5)
    good = {item.id for item in corpus.items if int(item.cluster.rsplit("f", 1)[1]) % 2 == 0}
    rows = _rows(corpus, "always-no", lambda v: False) + _rows(corpus, "r", lambda v: v.item_id in good)
    table = score_rows(rows, corpus)
    report = gather(table, corpus, {"reviewers": {}}, 500, 0)
    test = next(t for t in report.tests if {t.better, t.worse} == {"r", "always-no"})
    verdict = api.thresholds(table, "r", must_beat="always-no", replicates=500, seed=0)
    shown = f"[{test.low * 100:+.1f}, {test.high * 100:+.1f}] (paired bootstrap over 8 source-function clusters"
    assert shown in verdict.messages[-1]
    assert api.bootstrap(table, 500, 0).interval("r") == (report.row("r").average.low, report.row("r").average.high)


def test_the_missed_sentence_reads_right_for_one_defective_variant(tmp_path):
    """Issue 32 item 7: "158 items, 0 of them missed in every defective variant" where each had only one."""
    corpus = _generated(tmp_path / "c", {"AOR": 6, "HOM": 3}, cluster_size=1)
    data, text, _ = _report(corpus)
    assert data.missed and all(m.defective == 1 and m.everywhere for m in data.missed)
    assert f"{len(data.missed)} items, each with one defective variant." in text
    assert "0 of them missed" not in text
    hand = load_corpus(make_corpus(tmp_path / "h", {"easy": 4, "medium": 3}))
    data, text, _ = _report(hand)
    every = sum(len(m.variants) == 2 for m in data.missed)
    assert all(m.defective == 2 for m in data.missed)
    assert f"{len(data.missed)} items, {every} of them missed in every defective variant." in text
