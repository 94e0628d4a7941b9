"""Keyword matching on normalised text at word starts, and site F1 (corpus/FORMAT.md, "Scoring")."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.keywords import group_hits, keyword_recall, normalise, phrase_hits
from redpen_bench.scoring.scorer import score_rows, site_f1
from tests.conftest import FIXTURE_CORPUS


def seed_line_f1(named, planted, defective):
    """The seed's line F1 (corpus 1.0), kept here as the reference site F1 must reduce to."""
    named, planted = set(named), set(planted)
    if not defective:
        return 0.0 if named else 1.0
    if not named:
        return 0.0
    return 2 * len(named & planted) / (len(named) + len(planted))


@pytest.mark.parametrize(("text", "phrase", "hit"), [
    ("should use `and`, not `or`", "and", True),
    ("the **negative** reading", "negat", True),
    ("Logged twice", "log", True),
    ("releasing the lock", "releas", True),
    ("uses `<=` where `<` is meant", "<=", True),
    ("x<=y is inclusive", "<=", True),
    ("an off-by-one", "off by one", True),
    ("back to back bookings", "back-to-back", True),
    ("assign the shard", "sign", False),
    ("properties of the lot", "tie", False),
    ("an update of the row", "date", False),
    ("dose in mg_per_ml", "ml", False),
    ("dose in ml", "ml", True),
    ('the "start" field', "start field", True),
    ("self._cursor is stale", "_cursor", True),
    ("wrapped over\na line", "over a line", True),
])
def test_normalised_matching_at_word_starts(text, phrase, hit):
    assert group_hits(text, [[phrase]]) == [hit]


def test_substring_matching_is_the_seeds():
    groups = [["sign"], ["tie"], ["`and`"]]
    text = "assign properties, and"
    assert keyword_recall(text, groups, "substring") == pytest.approx(2 / 3)
    assert keyword_recall(text, groups, "words") == pytest.approx(1 / 3)
    with pytest.raises(ValueError, match="unknown keyword matching"):
        keyword_recall(text, groups, "fuzzy")


def test_normalise():
    assert normalise("  **Bold**  _it_ `code`\n\t“q” mg_per_ml a * b ") == "bold it code q mg_per_ml a * b"


words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)


@given(st.lists(words, min_size=1, max_size=4), words, words,
       st.sampled_from(["{}", "`{}`", "**{}**", "_{}_", '"{}"', "{}.", "({})"]))
def test_phrase_found_however_it_is_marked_up(phrase_words, before, after, markup):
    phrase = " ".join(phrase_words)
    text = f"{before} {markup.format(phrase.upper())} {after}"
    assert group_hits(text, [[phrase]]) == [True]


@given(words, words)
def test_phrase_glued_inside_a_word_never_hits(prefix, phrase):
    # one word has one word start: the phrase hits only when the word begins with it
    assert group_hits(prefix + phrase, [[phrase]]) == [(prefix + phrase).startswith(phrase)]


# small alphabets with word and non-word characters (and non-ASCII letters and digits) so matches near
# word boundaries are common
texty = st.text(alphabet="ab_1 é٣<=-.", max_size=12)


@given(texty, texty.filter(lambda p: normalise(p) != ""), texty, texty)
def test_word_start_search_is_the_regex_lookbehind(before, phrase, after, elsewhere):
    # phrase_hits searches with str.find; FORMAT.md's rule is the regex (?<!\w)phrase at word-like starts
    text = before + phrase + after + elsewhere[: len(elsewhere) // 2] + phrase + elsewhere
    norm_text, norm = normalise(text), normalise(phrase)
    start = r"(?<!\w)" if norm[:1].isalnum() or norm[:1] == "_" else ""
    expected = re.search(start + re.escape(norm), norm_text) is not None
    assert phrase_hits(norm_text, phrase) == expected


lines = st.sets(st.integers(1, 30), max_size=6)


@given(lines, st.sets(st.integers(1, 30), min_size=1, max_size=4), st.booleans())
def test_site_f1_on_single_line_sites_is_the_seeds_f1_exactly(named, planted, defective):
    sites = [frozenset({p}) for p in sorted(planted)] if defective else []
    assert site_f1(named, sites, defective) == seed_line_f1(named, planted, defective)


@given(lines, st.lists(st.sets(st.integers(1, 30), min_size=1, max_size=4), min_size=1, max_size=3))
def test_site_f1_bounds_and_perfect_answer(named, sites):
    score = site_f1(named, sites, True)
    assert 0.0 <= score <= 1.0
    one_per_site = {min(site) for site in sites}
    assert site_f1(one_per_site, sites, True) == 1.0 or len(one_per_site) < len(sites)


@given(lines, st.sets(st.integers(1, 30), min_size=1, max_size=4), st.sets(st.integers(1, 30), max_size=3))
def test_accepting_more_lines_never_lowers_a_score(named, planted, extra):
    narrow = [frozenset({p}) for p in sorted(planted)]
    wide = [site | extra if i == 0 else site for i, site in enumerate(narrow)]
    assert site_f1(named, wide, True) >= site_f1(named, narrow, True)


def test_site_counts_once_however_many_of_its_lines_are_named():
    sites = [frozenset({36, 38})]
    assert site_f1([36], sites, True) == 1.0
    assert site_f1([38], sites, True) == 1.0
    assert site_f1([36, 38], sites, True) == 1.0
    assert site_f1([37], sites, True) == 0.0
    assert site_f1([36, 40], sites, True) == pytest.approx(2 / 3)  # precision 1/2, recall 1
    two = [frozenset({5}), frozenset({9, 10})]
    assert site_f1([10], two, True) == pytest.approx(2 / 3)  # precision 1, recall 1/2


@pytest.fixture
def corpus_copy(tmp_path):
    import shutil

    return shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")


def test_sites_from_item_toml_are_scored(corpus_copy):
    toml = corpus_copy / "items/t2-empty/item.toml"
    toml.write_text(toml.read_text().replace("lines = [2]", "lines = [2]\nsites = { 2 = [1] }"))
    corpus = load_corpus(corpus_copy)
    assert corpus.item("t2-empty").variants["original"].sites == (frozenset({1, 2}),)
    row = {"reviewer": "r", "item": "t2-empty", "variant": "original", "defect": True, "lines": [1],
           "explanation": "empty list: division by zero"}
    assert score_rows([row], corpus).snippets.set_index("variant").loc["original", "f1"] == 1.0


@pytest.mark.parametrize(("sites", "message"), [
    ("sites = { 3 = [1] }", "field 'variants.original.sites.3': not one of the planted lines [2]"),
    ("sites = { 2 = [99] }", "field 'variants.original.sites.2': lines [99] are outside the file"),
    ("sites = { 2 = [] }", "field 'variants.original.sites.2': expected a non-empty list"),
    ("sites = [2]", "field 'variants.original.sites': expected a table"),
])
def test_bad_sites_name_the_file_and_field(corpus_copy, sites, message):
    toml = corpus_copy / "items/t2-empty/item.toml"
    toml.write_text(toml.read_text().replace("lines = [2]", f"lines = [2]\n{sites}"))
    with pytest.raises(CorpusError, match="item.toml: " + message.replace("[", r"\[").replace("]", r"\]")):
        load_corpus(corpus_copy)


def test_bad_explanations_name_the_file_and_field(corpus_copy):
    path = corpus_copy / "items/t2-empty/explanations.toml"
    path.write_text("[[original]]\nstyle = 'terse'\nlines = [40]\ntext = 'x'\n")
    with pytest.raises(CorpusError, match=r"explanations.toml: field 'original\[0\].lines'"):
        load_corpus(corpus_copy)
    path.write_text("[[disguised]]\ntext = 'x'\n")
    with pytest.raises(CorpusError, match="field 'disguised': explanations are for the defective variants"):
        load_corpus(corpus_copy)


def test_keyword_phrase_empty_once_normalised_is_refused(corpus_copy):
    toml = corpus_copy / "items/t2-empty/item.toml"
    toml.write_text(toml.read_text().replace('["empty"]', '["empty", "``"]'))
    with pytest.raises(CorpusError, match="is empty once normalised"):
        load_corpus(corpus_copy)


def test_score_option_keywords_substring(corpus_copy):
    corpus = load_corpus(corpus_copy)
    row = {"reviewer": "r", "item": "t1-total", "variant": "original", "defect": True, "lines": [3],
           "explanation": "multiplies; separate"}  # "rate" inside "separate": a substring, not a word
    words = score_rows([row], corpus).snippets.set_index("variant").loc["original", "recall"]
    substring = score_rows([row], corpus, "substring").snippets.set_index("variant").loc["original", "recall"]
    assert (words, substring) == (0.5, 1.0)
    assert score_rows([row], corpus, "substring").to_json()["keyword_matching"] == "substring"
