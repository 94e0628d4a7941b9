"""Rule tuning: the firing table scores subsets exactly as the scorer does, the search finds a real signal and
not noise, and the cross-validation never lets an item sit on both sides of a fold."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import Verdict
from redpen_bench.reviewers.tools.findings import Finding
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.scoring.metrics import METRICS
from redpen_bench.scoring.scorer import score_rows, tier_metrics
from redpen_bench.tune.search import (
    assign_folds,
    cross_validate,
    exact,
    greedy,
    select,
    select_over,
    snippet_folds,
)
from redpen_bench.tune.table import SnippetTruth, build_table, subset_rows, table_from_rows
from tests.corpus_factory import item_toml, make_corpus

TIERS = ("easy", "medium", "hard")
ALWAYS_NO = 1 / 6  # on items with two defective variants and two controls


def synthetic_table(n_items=(18, 18, 8), n_noise=30, p=0.1, perfect=True, seed=1):
    """Items of four variants, one planted line and two keyword groups per defective one. PERFECT fires on
    exactly the defective variants, on the planted line, with every keyword group; the N rules fire on any
    snippet with probability p, on a random line, with a message that hits no keyword."""
    rng = np.random.default_rng(seed)
    truths, findings = [], []
    for tier, n in zip(TIERS, n_items):
        for i in range(n):
            for variant in ("original", "disguised", "fixed", "clean"):
                defective = variant in ("original", "disguised")
                planted = (int(rng.integers(2, 30)),) if defective else ()
                keywords = (("off-by-one", "fencepost"), ("limit",)) if defective else ()
                truths.append(SnippetTruth(f"{tier}-{i}", variant, tier, defective, planted, keywords))
                found = [Finding(planted[0], planted[0], "PERFECT", "off-by-one at the limit")] \
                    if perfect and defective else []
                for r in range(n_noise):
                    if rng.random() < p:
                        line = int(rng.integers(1, 40))
                        found.append(Finding(line, line, f"N{r:03d}", "something looks odd here"))
                findings.append(found)
    return build_table(truths, TIERS, findings)


# -- the search ------------------------------------------------------------------------------------------------

def test_a_perfect_rule_among_noise_is_found_and_holds_out():
    table = synthetic_table()
    chosen = greedy(table)
    assert chosen.rules == ("PERFECT",)
    assert chosen.average == pytest.approx(1.0)
    cv = cross_validate({None: table}, k=5, seed=0)
    assert all(s.rules[:1] == ("PERFECT",) for s in cv.selections)
    # the perfect rule is perfect on any fold and every noise rule only adds false alarms or wrong lines
    assert abs(cv.mean - chosen.average) <= 0.02


def test_exact_search_finds_the_perfect_rule_too():
    table = synthetic_table(n_noise=8, p=0.15)
    chosen = select(table, exact_up_to=10)
    assert chosen.method == "exact" and chosen.rules == ("PERFECT",)
    assert chosen.trace[0] == pytest.approx(ALWAYS_NO)  # the empty subset is always-no


def test_pure_noise_falls_back_to_always_no():
    """A noise rule fires on defective and correct snippets alike, so on items it was not chosen on it adds
    detection p/3 (plus at most as much line and keyword credit) and FPR p: it can only lower the expected score.
    The held-out Average therefore sits at or below always-no; what is left is fold-to-fold noise. Measured over
    60 such tables: held-out minus always-no has mean -0.034, sd 0.046 per table. Averaged over 10 tables
    (standard error ~0.015) we allow +0.01 above always-no: about three standard errors above the expectation."""
    held_out_gap, in_sample_gap = [], []
    for seed in range(10):
        table = synthetic_table(perfect=False, seed=seed, p=0.05 if seed % 2 else 0.15)
        cv = cross_validate({None: table}, k=5, seed=seed)
        assert cv.always_no == pytest.approx([ALWAYS_NO] * 5)
        held_out_gap.append(cv.mean - ALWAYS_NO)
        in_sample_gap.append(greedy(table).average - ALWAYS_NO)
        assert cv.mean <= ALWAYS_NO + 0.05
    assert np.mean(held_out_gap) <= 0.01
    assert np.mean(held_out_gap) >= -0.1  # "about" the always-no level, not far below either
    # and the reason held-out matters: on its own items the search always looks at least as good as no rule
    assert min(in_sample_gap) >= 0.0 and max(in_sample_gap) > 0.0


def test_greedy_stops_at_max_rules_and_min_gain():
    table = synthetic_table(perfect=False, seed=3, p=0.05)
    assert len(greedy(table, max_rules=1, min_gain=-1.0).rules) == 1
    assert len(greedy(table, max_rules=3, min_gain=-1.0).rules) == 3  # a negative margin accepts any addition
    chosen = greedy(table, min_gain=0.005)
    gains = np.diff(chosen.trace)
    assert (gains >= 0.005).all()


def test_greedy_trace_is_what_each_prefix_scores():
    """The incremental unions of greedy and the matrix unions of evaluate/exact are the same computation."""
    table = synthetic_table(perfect=False, seed=4, p=0.05)
    chosen = greedy(table, max_rules=6, min_gain=-1.0)
    for size, value in enumerate(chosen.trace):
        assert table.evaluate(chosen.rules[:size]) == pytest.approx(value)


def test_exact_is_the_best_subset():
    table = synthetic_table(n_items=(4, 4, 2), n_noise=6, p=0.2, perfect=False, seed=5)
    chosen = exact(table, min_gain=0.0)
    brute = max(table.evaluate(subset) for size in range(len(table.rules) + 1)
                for subset in combinations(table.rules, size))
    assert chosen.average == pytest.approx(brute)


def test_thresholds_keep_the_best_training_average():
    truths = [SnippetTruth("a", "original", "easy", True, (2,), (("x",),)),
              SnippetTruth("a", "fixed", "easy", False)]
    loose = build_table(truths, ("easy",), [[Finding(2, 2, "R", "x")], [Finding(5, 5, "R", "x")]])
    strict = build_table(truths, ("easy",), [[Finding(2, 2, "R", "x")], []])
    chosen = select_over({"low": loose, "high": strict})
    assert (chosen.threshold, chosen.rules, chosen.average) == ("high", ("R",), pytest.approx(1.0))


# -- the folds ---------------------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(counts=st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(1, 6)), k=st.integers(2, 7),
       seed=st.integers(0, 2**16))
def test_folds_never_split_an_item_and_are_stratified(counts, k, seed):
    n_items = sum(counts)
    if k > n_items:
        return
    table = synthetic_table(n_items=counts, n_noise=2, seed=seed % 7)
    folds, fold_of = snippet_folds(table, k, seed)
    by_item: dict[str, set[int]] = {}
    for snippet, fold in zip(table.snippets, fold_of):
        by_item.setdefault(snippet.item, set()).add(int(fold))
    assert all(len(f) == 1 for f in by_item.values())  # every variant of an item in one fold
    sizes = Counter(folds.values())
    assert set(sizes) == set(range(k)) and max(sizes.values()) - min(sizes.values()) <= 1
    for tier in TIERS:
        per_fold = Counter(f for item, f in folds.items() if item.startswith(tier))
        assert max(per_fold.get(f, 0) for f in range(k)) - min(per_fold.get(f, 0) for f in range(k)) <= 1


def test_folds_are_seeded():
    items = [f"i{n}" for n in range(20)]
    tiers = ["easy"] * 10 + ["hard"] * 10
    assert assign_folds(items, tiers, 4, 1) == assign_folds(items, tiers, 4, 1)
    assert assign_folds(items, tiers, 4, 1) != assign_folds(items, tiers, 4, 2)


def test_bad_fold_counts_are_refused():
    from redpen_bench.errors import InputError

    with pytest.raises(InputError, match="--folds 1"):
        assign_folds(["a", "b"], ["easy", "easy"], 1)
    with pytest.raises(InputError, match="more folds than items"):
        assign_folds(["a", "b"], ["easy", "easy"], 3)


# -- the table is the scorer -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory):
    return load_corpus(make_corpus(tmp_path_factory.mktemp("c") / "corpus", {"easy": 2, "medium": 2, "hard": 1}))


MESSAGES = ("an off-by-one here", "past the LIMIT", "sign flipped", "nothing to see", "boundary\tand limit")
finding = st.builds(lambda rule, line, span, message, severity: Finding(line, line + span, rule, message, severity),
                    st.sampled_from(["R1", "R2", "R3", "R4", "R5"]), st.integers(1, 3), st.integers(0, 2),
                    st.sampled_from(MESSAGES), st.sampled_from(["low", "medium", "high"]))


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_table_scores_every_subset_as_score_rows_does(small_corpus, data):
    """Rows built with verdict_from_findings from the findings of the chosen rules, scored by score_rows, give
    the same per-tier metrics and Average as the table through the vectorised core, for every subset."""
    rows = []
    for v in small_corpus.snippets:
        if data.draw(st.integers(0, 9)) == 0:  # about one snippet in ten is an error row
            rows.append(VerdictRow.of("all", v.item_id, v.name, Verdict(None, error="tool crashed")).to_dict())
            continue
        found = data.draw(st.lists(finding, max_size=4))
        rows.append(VerdictRow.of("all", v.item_id, v.name, Verdict(bool(found)),
                                  findings=[f.to_dict() for f in found]).to_dict())
    keep = data.draw(st.sampled_from([RuleFilter(), RuleFilter(min_level="medium", levels=("low", "medium", "high"))]))
    table = table_from_rows(rows, small_corpus, keep)
    subsets = [s for size in range(len(table.rules) + 1) for s in combinations(table.rules, size)]
    all_rows = [row for i, subset in enumerate(subsets)
                for row in subset_rows(rows, replace(keep, rules=frozenset(subset)), f"s{i}")]
    scored = score_rows(all_rows, small_corpus).to_json()["reviewers"]  # one call: a reviewer per subset
    member = np.array([[rule in subset for rule in table.rules] for subset in subsets]).reshape(len(subsets), -1)
    metrics = tier_metrics(table.subset_metrics(member), table.defective, table.tier_index,
                           len(table.tiers))
    for i, subset in enumerate(subsets):
        assert table.evaluate(subset) == pytest.approx(scored[f"s{i}"]["average"], abs=1e-12)
        for t, tier in enumerate(table.tiers):
            for name in METRICS:
                assert metrics[name][i, t] == pytest.approx(scored[f"s{i}"]["tiers"][tier][name], abs=1e-12)


def test_rows_of_a_subset_are_the_tools_verdicts(small_corpus):
    v = small_corpus.snippets[0]
    found = [Finding(3, 3, "B", "b says"), Finding(1, 2, "A", "a says")]
    row = VerdictRow.of("all", v.item_id, v.name, Verdict(True), findings=[f.to_dict() for f in found]).to_dict()
    (only_a,) = subset_rows([row], RuleFilter(frozenset({"A"})), "sub")
    assert (only_a.defect, only_a.lines, only_a.explanation) == (True, [1, 2], "A: a says")
    (none,) = subset_rows([row], RuleFilter(frozenset()), "sub")
    assert (none.defect, none.lines) == (False, [])


def test_a_keyword_phrase_with_a_line_break_is_refused():
    from redpen_bench.errors import InputError

    truth = SnippetTruth("a", "original", "easy", True, (1,), (("two\nlines",),))
    with pytest.raises(InputError, match="line break"):
        build_table([truth], ("easy",), [[]])


# -- the real tools ----------------------------------------------------------------------------------------------

DEFECTIVE = '''import subprocess


def run{n}(cmd, seen=[]):
    seen.append(cmd)
    subprocess.call(cmd, shell=True)
    return seen
'''
CORRECT = '''import subprocess


def run{n}(cmd, seen=None):
    seen = [] if seen is None else seen
    seen.append(cmd)
    subprocess.call(cmd)
    return seen
'''


@pytest.fixture(scope="module")
def tool_corpus(tmp_path_factory):
    """Three items whose defective variants hold a mutable default and a shell call (something for every
    tool's rules to find) and whose controls hold neither, but import and call subprocess (noise)."""
    root = tmp_path_factory.mktemp("tools") / "corpus"
    (root / "items").mkdir(parents=True)
    (root / "corpus.toml").write_text('name = "tools"\nversion = "1"\ntiers = ["easy", "medium", "hard"]\n')
    for n, tier in enumerate(TIERS):
        folder = root / "items" / f"{tier[0]}{n}-default"
        folder.mkdir()
        truth = ([4], [["mutable", "default"], ["shell"]])
        (folder / "item.toml").write_text(item_toml(folder.name, {"original": truth, "disguised": truth}, tier, "OTHER",
                                                    title="Shared default list",
                                                    description="A mutable default argument is shared between calls."))
        for variant, text in (("original", DEFECTIVE), ("disguised", DEFECTIVE), ("fixed", CORRECT),
                              ("clean", CORRECT), ("disguised_fixed", CORRECT)):
            (folder / f"{variant}.py").write_text(text.format(n=n if variant != "disguised" else n + 10))
        (folder / "test_item.py").write_text("def check_original(module):\n    pass\n")
    return load_corpus(root)


@pytest.mark.parametrize("tool", ["ruff", "pylint", "bandit", "semgrep"])
def test_a_written_profile_answers_as_the_table_said(tool, tool_corpus, tmp_path, monkeypatch):
    """One run with every rule on, a subset chosen from its table, the subset written as TOOL:tuned and run for
    real: every snippet's verdict is the one the table computed for that subset."""
    from redpen_bench.reviewers.base import ReviewOptions
    from redpen_bench.tune.all_rules_run import all_rules_reviewer, collect_rows, profile_reviewer
    from redpen_bench.tune.tuned_profile import profile_text, tuned_settings, tuning_for, write_profile

    monkeypatch.chdir(tmp_path)
    options = ReviewOptions()
    reviewer = all_rules_reviewer(tool, options)
    rows = collect_rows(reviewer, "all", tool_corpus)
    assert not any(r.error for r in rows)
    tuning = tuning_for(tool)
    tables = {t: table_from_rows(rows, tool_corpus, keep) for t, keep in tuning.thresholds().items()}
    chosen = select_over(tables, min_gain=0.0)
    assert chosen.rules and chosen.average > ALWAYS_NO
    values = tuned_settings(reviewer, chosen.rules, chosen.threshold, tmp_path / "analyzers" / tool)
    path = write_profile(tool, "tuned", profile_text("test", values, ["Written by redpen-bench tune (test)"]))
    assert path == tmp_path / "analyzers" / tool / "tuned.toml"
    rerun = {(r.item, r.variant): r for r in collect_rows(profile_reviewer(f"{tool}:tuned", options),
                                                                 "tuned", tool_corpus)}
    expected = subset_rows(rows, tuning.profile_filter(chosen.rules, chosen.threshold), "tuned")
    for row in expected:
        got = rerun[(row.item, row.variant)]
        assert (got.defect, got.lines, got.explanation) == (row.defect, row.lines, row.explanation)


def run_cli(args, cwd):
    import subprocess

    from tests.conftest import redpen_cmd

    return subprocess.run([*redpen_cmd(), *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_cli_tune_ruff_writes_a_profile_that_ruff_tuned_runs(tool_corpus, tmp_path):
    done = run_cli(["tune", "ruff", "--corpus", str(tool_corpus.root), "--folds", "3"], tmp_path)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "analyzers" / "ruff" / "tuned.toml"
    assert done.stdout.strip().splitlines()[-1] == str(path)
    for label in ("always-no", "ruff:default", "ruff:bugs", "tuned, in-sample", "tuned, held-out",
                  "ruff:tuned, re-run", "B006"):
        assert label in done.stderr
    text = path.read_text()
    assert text.startswith("# Written by redpen-bench tune on ") and "held-out" in text
    assert '"B006"' in text
    run = run_cli(["run", "-r", "ruff:tuned", "--corpus", str(tool_corpus.root), "--out", "run"], tmp_path)
    assert run.returncode == 0, run.stderr
    again = run_cli(["tune", "ruff", "--corpus", str(tool_corpus.root), "--folds", "3"], tmp_path)
    assert again.returncode == 0, again.stderr  # its own earlier output may be overwritten


def test_cli_tune_refuses_what_it_cannot_do(tmp_path, tool_corpus):
    from tests.conftest import FIXTURE_CORPUS

    unknown = run_cli(["tune", "nonesuch", "--corpus", str(tool_corpus.root)], tmp_path)
    assert unknown.returncode == 2 and "cannot be tuned" in unknown.stderr and "Traceback" not in unknown.stderr
    (tmp_path / "analyzers" / "ruff").mkdir(parents=True)
    (tmp_path / "analyzers" / "ruff" / "mine.toml").write_text('description = "my own"\nselect = ["F"]\n')
    clash = run_cli(["tune", "ruff", "--corpus", str(tool_corpus.root), "--name", "mine"], tmp_path)
    assert clash.returncode == 2 and "was not written by `redpen-bench tune`" in clash.stderr
    assert "my own" in (tmp_path / "analyzers" / "ruff" / "mine.toml").read_text()
    too_many = run_cli(["tune", "ruff", "--corpus", str(tool_corpus.root), "--folds", "4"], tmp_path)
    assert too_many.returncode == 2 and "more folds than items" in too_many.stderr
    # bandit finds nothing in the fixture corpus: nothing beats always-no, so no profile is written
    nothing = run_cli(["tune", "bandit", "--corpus", str(FIXTURE_CORPUS), "--folds", "3"], tmp_path)
    assert nothing.returncode == 1 and "no profile written" in nothing.stderr and nothing.stdout == ""
    assert not (tmp_path / "analyzers" / "bandit" / "tuned.toml").exists()


def test_repeated_cross_validation_uses_new_splits():
    table = synthetic_table(n_items=(6, 6, 3), n_noise=5, seed=2)
    once = cross_validate({None: table}, k=3, seed=7)
    thrice = cross_validate({None: table}, k=3, seed=7, repeats=3)
    assert len(thrice.held_out) == 9 and len(thrice.folds) == 3
    assert thrice.folds[0] == once.folds[0] and thrice.held_out[:3] == once.held_out
    assert thrice.folds[1] != thrice.folds[0]


def test_cli_tune_on_a_dask_cluster_writes_the_same_profile(tool_corpus, tmp_path):
    pytest.importorskip("distributed")
    profiles = {}
    for executor in ("local", "dask:local"):
        folder = tmp_path / executor.replace(":", "-")
        folder.mkdir()
        done = run_cli(["tune", "ruff", "--corpus", str(tool_corpus.root), "--folds", "3", "--no-cache",
                        "--executor", executor], folder)
        assert done.returncode == 0, done.stderr
        text = (folder / "analyzers" / "ruff" / "tuned.toml").read_text()
        profiles[executor] = [line for line in text.splitlines() if not line.startswith("# Written by")]
    assert profiles["local"] == profiles["dask:local"] and any('"B006"' in line for line in profiles["local"])
