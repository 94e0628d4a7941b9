"""The gate passes the shipped corpus and fails small broken corpora for the right reason."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess

import pytest

from redpen_bench.gate import verify
from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import default_corpus_path
from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def cli(*args):
    return subprocess.run([*redpen_cmd(), *map(str, args)], capture_output=True, text=True)


def test_shipped_corpus_passes():
    proc = cli("verify", "--format", "json")
    assert proc.returncode == 0, proc.stdout
    data = json.loads(proc.stdout)
    counts = data["counts"]
    assert counts == {"items": 44, "snippets": 176, "killable": 44, "distinct": 44, "intact": 176,
                      "keyword_variants": 88, "keyword_passing": 88}
    # the most similar pair of all, though the bounds rule every pair out on this corpus (it was null then)
    assert data["most_similar"]["similarity"] == pytest.approx(0.6406, abs=1e-4)
    assert data["closest_disguise"]["similarity"] <= 0.75
    assert data["closest_domains"]["overlap"] <= 0.25
    assert data["keywords"]["generic_recall"] <= 0.3
    corpus = load_corpus()
    assert [sum(i.tier == t for i in corpus.items) for t in corpus.tiers] == [18, 18, 8]


def test_shipped_corpus_readme_is_current():
    assert cli("corpus-readme", "--check").returncode == 0


def test_canary_only_outside_scored_files():
    corpus = load_corpus()
    assert corpus.canary and corpus.canary in (default_corpus_path() / "README.md").read_text()
    assert not any(corpus.canary in v.text for v in corpus.snippets)


@pytest.fixture
def corpus_copy(tmp_path):
    return shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def failures_of(corpus_dir, **kw):
    report = verify(load_corpus(corpus_dir), timeout=kw.pop("timeout", 10.0), **kw)
    return report, [(f["item"], f["check"], f["reason"]) for f in report.failures]


def test_fixture_passes(corpus_copy):
    report, failures = failures_of(corpus_copy)
    assert failures == [] and report.summary_line() == (
        "3/3 killable · 3/3 structurally distinct · 11/11 snippets intact · 5/5 keyword fixtures pass")


def test_defect_not_killed(corpus_copy):
    edit(corpus_copy / "items/t1-total/test_item.py", "assert abs(module.total(100, 0.2) - 120) < 1e-9",
         "assert module.total(100, 0) == 100")
    report, failures = failures_of(corpus_copy)
    assert ("t1-total", "killability", "check_original passes on original.py: the defect is not killed") in failures
    assert report.killable == 2


def test_check_fails_on_fixed(corpus_copy):
    edit(corpus_copy / "items/t2-empty/fixed.py", "else 0.0", "else None")
    _, failures = failures_of(corpus_copy)
    assert [f[:2] for f in failures] == [("t2-empty", "killability")]
    assert "check_original fails on fixed.py (should pass): AssertionError" in failures[0][2]


def test_planted_line_outside_diff(corpus_copy):
    edit(corpus_copy / "items/t1-total/item.toml", "lines = [3]", "lines = [1]")
    report, failures = failures_of(corpus_copy)
    assert failures[0][:2] == ("t1-total", "integrity") and "lines [1]: outside the diff" in failures[0][2]
    assert report.intact == 10


def test_hang_counts_as_kill_and_as_failure_on_a_repair(corpus_copy):
    edit(corpus_copy / "items/t2-empty/original.py", "return sum", "while True:\n        pass\n    return sum")
    edit(corpus_copy / "items/t2-empty/item.toml", "lines = [2]", "lines = [2, 3, 4]")
    report, failures = failures_of(corpus_copy, timeout=1.0)
    assert failures == [] and report.killable == 3
    edit(corpus_copy / "items/t2-empty/clean.py", "n = 0", "n = 0\n    while True:\n        pass")
    _, failures = failures_of(corpus_copy, timeout=1.0)
    reason = "check_original fails on clean.py (should pass): timeout after 1 s"
    assert failures == [("t2-empty", "killability", reason)]


class Rename(ast.NodeTransformer):
    """Rename every identifier and change every literal: the same template with other names and values."""

    def __init__(self, suffix):
        self.suffix = suffix

    def _name(self, name):
        return f"{name}_{self.suffix}"

    def visit_Name(self, node):
        node.id = self._name(node.id)
        return node

    def visit_arg(self, node):
        node.arg = self._name(node.arg)
        return node

    def visit_FunctionDef(self, node):
        node.name = self._name(node.name)
        self.generic_visit(node)
        return node

    visit_ClassDef = visit_FunctionDef

    def visit_Attribute(self, node):
        node.attr = self._name(node.attr)
        self.generic_visit(node)
        return node

    def visit_Constant(self, node):
        if isinstance(node.value, bool) or node.value is None:
            return node
        if isinstance(node.value, (int, float)):
            node.value = node.value * 3 + 1
        elif isinstance(node.value, str):
            node.value = node.value[::-1] + self.suffix
        return node


def test_renamed_templates_are_caught(tmp_path):
    """The author's old failure: many 'defects' that were a few templates with renamed variables."""
    shipped = load_corpus()
    root = tmp_path / "templates"
    (root / "items").mkdir(parents=True)
    shutil.copy(shipped.root / "corpus.toml", root / "corpus.toml")
    sources = [shipped.item("e05-reorder-alert"), shipped.item("m12-field-buffer-reset"),
               shipped.item("h03-utf16-columns")]
    for source in sources:
        shutil.copytree(source.folder, root / "items" / source.id)
        for copy in range(3):
            new_id = f"{source.id}-x{copy}"
            folder = shutil.copytree(source.folder, root / "items" / new_id)
            edit(folder / "item.toml", f'id = "{source.id}"', f'id = "{new_id}"')
            tree = Rename(f"r{copy}").visit(ast.parse((folder / "original.py").read_text()))
            (folder / "original.py").write_text(ast.unparse(tree) + "\n" * 80)
    report = verify(load_corpus(root), killability=False)
    flagged = {f["item"] for f in report.failures if f["check"] == "distinctness"}
    assert report.distinct == 0 and len(flagged) == 12
    assert report.most_similar["similarity"] == pytest.approx(1.0)
    # the three distinct sources alone pass
    for extra in (root / "items").glob("*-x*"):
        shutil.rmtree(extra)
    assert verify(load_corpus(root), killability=False).distinct == 3


def test_cli_exit_codes(corpus_copy, tmp_path):
    ok = cli("verify", "--corpus", corpus_copy)
    assert ok.returncode == 0
    assert ok.stdout.strip().splitlines()[-1] == (
        "3/3 killable · 3/3 structurally distinct · 11/11 snippets intact · 5/5 keyword fixtures pass")
    edit(corpus_copy / "items/t1-total/item.toml", "lines = [3]", "lines = [1]")
    bad = cli("verify", "--corpus", corpus_copy)
    assert bad.returncode == 1 and "FAIL t1-total: integrity" in bad.stdout
    (corpus_copy / "items/t2-empty/clean.py").unlink()
    (corpus_copy / "items/t2-empty/fixed.py").unlink()
    missing = cli("verify", "--corpus", corpus_copy)
    assert missing.returncode == 2 and "t2-empty/fixed.py: file missing" in missing.stderr


def test_new_item_scaffold_loads(tmp_path):
    root = shutil.copytree(FIXTURE_CORPUS, tmp_path / "c")
    proc = cli("new-item", "t4-new", "--tier", "easy", "--corpus", root)
    assert proc.returncode == 0, proc.stderr
    folder = root / "items" / "t4-new"
    assert proc.stdout.strip().splitlines()[-1] == str(folder)
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["item.toml", "original.py", "disguised.py", "fixed.py", "clean.py", "disguised_fixed.py", "test_item.py",
         "explanations.toml"])
    new = load_corpus(root).item("t4-new")
    assert new.tier == "easy" and [len(new.explanations[v]) for v in ("original", "disguised")] == [3, 3]
    assert cli("new-item", "t4-new", "--tier", "easy", "--corpus", root).returncode == 2
    assert cli("new-item", "t5", "--tier", "brutal", "--corpus", root).returncode == 2


def test_single_fault_not_killed_alone(corpus_copy):
    folder = corpus_copy / "items/t3-guard"
    (folder / "only_fault1.py").write_text((folder / "fixed.py").read_text().replace('["id"]', '["name"]'))
    (folder / "only_fault2.py").write_text((folder / "fixed.py").read_text())  # the fault is not there at all
    report, failures = failures_of(corpus_copy)
    assert failures == [("t3-guard", "killability",
                         "check_original passes on only_fault2.py: the defect is not killed")]
    assert report.killable == 2


def test_disguise_that_renames_its_original(corpus_copy):
    folder = corpus_copy / "items/t3-guard"
    (folder / "disguised.py").write_text((folder / "original.py").read_text().replace("can_edit", "opens")
                                         .replace("user", "card").replace("doc", "locker"))
    _, failures = failures_of(corpus_copy, killability=False)
    assert ("t3-guard", "distinctness",
            "disguised.py is a rename of original.py: structural similarity 1.00 > 0.75") in failures


def test_two_items_of_one_domain(corpus_copy):
    edit(corpus_copy / "items/t2-empty/original.py", "def mean(values):", "def mean(values, amount, rate):")
    report, failures = failures_of(corpus_copy, killability=False)
    assert [f for f in failures if "shares its domain" in f[2]] == [
        ("t1-total", "distinctness", "t1-total/original shares its domain with t2-empty/original: identifier-word "
         "Jaccard 0.40 > 0.25; words in both: amount, rate"),
        ("t2-empty", "distinctness", "t2-empty/original shares its domain with t1-total/original: identifier-word "
         "Jaccard 0.40 > 0.25; words in both: amount, rate"),
    ]  # {mean, values, amount, rate} ~ {total, amount, rate}: 2 of 5 words
    assert report.closest_domains["overlap"] == pytest.approx(0.4)


def test_clean_control_that_states_less_intent(corpus_copy):
    edit(corpus_copy / "items/t1-total/clean.py", '    """Amount with tax."""\n', "")
    _, failures = failures_of(corpus_copy, killability=False)
    assert failures == [("t1-total", "distinctness",
                         "clean.py states less intent than fixed.py: 0 docstring words against 3 (< 0.80 x)")]


def test_natural_explanation_that_misses_a_group_is_named(corpus_copy):
    edit(corpus_copy / "items/t1-total/item.toml", '["tax", "rate"]', '["levy"]')
    report, failures = failures_of(corpus_copy, killability=False)
    reasons = [f[2] for f in failures if f[:2] == ("t1-total", "keywords")]
    assert reasons[0] == "original: explanation 1 (terse) scores recall 0.50 < 0.90: misses group 2 ['levy']"
    assert len(reasons) == 3 and report.keyword_passing == 4


def test_too_few_natural_explanations(corpus_copy):
    path = corpus_copy / "items/t2-empty/explanations.toml"
    path.write_text(path.read_text().split("[[original]]\nstyle = \"verbose\"")[0])
    _, failures = failures_of(corpus_copy, killability=False)
    assert failures == [("t2-empty", "keywords", "original: 2 explanations in explanations.toml, need 3")]


def test_generic_explanations_that_score_are_refused(corpus_copy):
    (corpus_copy / "generic-explanations.toml").write_text("".join(
        f"[[explanation]]\ntext = '''{text}'''\n" for text in
        ["Multiplied tax rate, empty zero", "multiply the rate; empty input divides by zero",
         "inverted name check", "negated wrong field", "times the factor, scaled"]))
    report, failures = failures_of(corpus_copy, killability=False)
    assert report.keywords["generic_recall"] > 0.3
    corpus_wide = [f[2] for f in failures if f[0] == "(corpus)"]
    assert corpus_wide and corpus_wide[0].startswith("generic explanations reach mean keyword recall")
    specific = [f for f in failures if "every keyword group is hit by a generic explanation" in f[2]]
    assert {f[0] for f in specific} == {"t1-total", "t2-empty", "t3-guard"}


def test_keyword_check_can_be_skipped_for_a_corpus_without_fixtures(corpus_copy):
    for path in corpus_copy.glob("items/*/explanations.toml"):
        path.unlink()
    assert cli("verify", "--corpus", corpus_copy).returncode == 1
    skipped = cli("verify", "--corpus", corpus_copy, "--min-fixtures", "0")
    assert skipped.returncode == 0
    # it said "0/0 keyword fixtures pass", with no word that the check was skipped
    assert "0/0 keyword fixtures" not in skipped.stdout and "keyword fixtures not checked" in skipped.stdout
    assert "note: keyword fixtures skipped: min_fixtures is 0 (verify --min-fixtures 0)" in skipped.stdout
    data = json.loads(cli("verify", "--corpus", corpus_copy, "--min-fixtures", "0", "--format", "json").stdout)
    assert any(note.startswith("keyword fixtures skipped") for note in data["notes"])


def test_the_most_similar_pair_is_shown_when_the_bounds_rule_every_pair_out(tmp_path):
    """Every pair of the fixture corpus is below the limit by the cheap bounds alone: verify printed no most
    similar pair and JSON said null. It is the most similar pair of the full comparison."""
    import difflib
    import itertools

    from redpen_bench.gate.distinctness import structure

    items = load_corpus(FIXTURE_CORPUS).items
    full = max((difflib.SequenceMatcher(None, structure(a.file("original")), structure(b.file("original")),
                                        autojunk=False).ratio(), a.id, b.id)
               for a, b in itertools.combinations(items, 2))
    data = json.loads(cli("verify", "--corpus", FIXTURE_CORPUS, "--format", "json").stdout)
    assert data["most_similar"] == {"items": [full[1], full[2]], "similarity": full[0]}
    text = cli("verify", "--corpus", FIXTURE_CORPUS).stdout
    assert f"most similar pair: {full[1]} ~ {full[2]}: {full[0]:.3f} (limit 0.90)" in text
