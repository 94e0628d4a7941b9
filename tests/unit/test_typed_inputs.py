"""The typed models of item.toml, corpus.toml, analyzer profiles and redpen.toml (model/typed.py): a value of the
wrong type is refused naming the file and the field (a table key as the file spells it), never coerced."""

from __future__ import annotations

import shutil

import msgspec
import pytest

from redpen_bench.config import ConfigError, compare_settings, load_config
from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.typed import convert
from redpen_bench.reviewers.tools.profiles import ProfileError, Setting, find_profile, load_profile
from tests.conftest import FIXTURE_CORPUS


@pytest.fixture
def corpus_copy(tmp_path):
    return shutil.copytree(FIXTURE_CORPUS, tmp_path / "corpus")


def edited(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(("old", "new", "message"), [
    ('tier = "medium"', 'tier = ["medium"]', "field 'tier': expected a non-empty string, got ['medium']"),
    ('tier = "medium"', 'tier = " "', "field 'tier': expected a non-empty string, got ' '"),
    ('id = "t2-empty"', "id = 2", "field 'id': expected a non-empty string, got 2"),
    ('operators = ["EDGE"]', 'operators = "EDGE"', "field 'operators': expected a non-empty list of operator names"),
    ("lines = [2]", 'lines = ["2"]', "field 'variants.original.lines': expected a non-empty list of line numbers"),
    ("lines = [2]", "lines = [true]", "field 'variants.original.lines': expected a non-empty list of line numbers"),
    ("lines = [2]", "lines = [2]\nsites = { 2 = [1], 1 = [\"x\"] }",
     "field 'variants.original.sites.1': expected a non-empty list of line numbers"),
    ("[variants.original]", "[variants.clean]\nlines = [1]\n\n[variants.original]",
     "field 'variants.clean': only original and disguised carry a table"),
    ("[variants.original]", "[provenance]\ncluster = 3\n\n[variants.original]",
     "field 'provenance': expected a table whose 'cluster' is a string"),
])
def test_a_wrong_type_in_item_toml_names_file_and_field(corpus_copy, old, new, message):
    toml = corpus_copy / "items/t2-empty/item.toml"
    edited(toml, old, new)
    with pytest.raises(CorpusError) as caught:
        load_corpus(corpus_copy)
    assert str(caught.value) == f"{toml}: {message}"


def test_unknown_keys_of_item_toml_pass_as_before(corpus_copy):
    edited(corpus_copy / "items/t2-empty/item.toml", "lines = [2]", "lines = [2]\nnote = 'a reviewer note'")
    edited(corpus_copy / "items/t2-empty/item.toml", 'tier = "medium"', 'tier = "medium"\nauthor = "me"')
    assert load_corpus(corpus_copy).item("t2-empty").variants["original"].planted_lines == (2,)


@pytest.mark.parametrize(("line", "message"), [
    ("version = { major = 1 }", "field 'version': expected a string or a number, got {'major': 1}"),
    ("version = true", "field 'version': expected a string or a number, got True"),
    ('license = ["MIT"]', "field 'license': expected a string, got ['MIT']"),
    ("tiers = []", "field 'tiers': expected a non-empty list of tier names"),
    ("generated = 1", "field 'generated': expected a table [generated]"),
    ('name = "../x"', "field 'name': '../x' is not a plain name"),
])
def test_a_wrong_type_in_corpus_toml_names_file_and_field(corpus_copy, line, message):
    path = corpus_copy / "corpus.toml"
    key = line.split(" =")[0]
    kept = [x for x in path.read_text().splitlines() if not x.startswith(f"{key} =")]
    path.write_text("\n".join([line, *kept]) + "\n")
    with pytest.raises(CorpusError) as caught:
        load_corpus(corpus_copy)
    assert str(caught.value).startswith(f"{path}: {message}")


def test_a_numeric_corpus_version_reads_as_text(corpus_copy):
    edited(corpus_copy / "corpus.toml", 'version = "0.1"', "version = 0.1")
    assert load_corpus(corpus_copy).version == "0.1"


def test_profile_names_follow_the_one_plain_name_rule():
    with pytest.raises(ProfileError, match="not a profile name"):
        find_profile("ruff", "x" * 65)  # a file name, at most 64 characters like a corpus name


def test_a_profile_is_read_with_defaults_filled(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "analyzers/toy").mkdir(parents=True)
    (tmp_path / "analyzers/toy/p.toml").write_text('description = " toy "\nlevel = "b"\n')
    schema = {"level": Setting(str, choices=("a", "b")), "rules": Setting(list, default=["R1"]),
              "strict": Setting(bool, default=False)}
    profile = load_profile("toy", "p", schema)
    assert profile.description == "toy" and profile.settings == {"level": "b", "rules": ["R1"], "strict": False}
    assert load_profile("toy", "p", schema)["rules"] is not profile["rules"]  # a default is never shared
    (tmp_path / "analyzers/toy/p.toml").write_text('description = "toy"\nstrict = "yes"\n')
    with pytest.raises(ProfileError, match=r"p.toml: field 'strict': expected true or false, got 'yes'$"):
        load_profile("toy", "p", schema)
    assert schema["rules"].check(["R1", ""]) == "a list of non-empty strings"
    assert schema["level"].check("c") == "one of ['a', 'b']" and schema["level"].check("a") is None


def test_redpen_toml_is_checked_whole_when_read(tmp_path):
    """[compare] is checked when the file is read, as every other table: not only by the command using it."""
    path = tmp_path / "redpen.toml"
    path.write_text('[compare]\nreviewers = ["ruff", 3]\n')
    with pytest.raises(ConfigError, match=r"redpen.toml: field 'compare.reviewers': expected a list of reviewer"):
        load_config(path)
    path.write_text('[reviewers.good]\nspec = "openai:m"\n\n[reviewers."bad.one"]\nspec = "openai:m"\n'
                    'temperature = true\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == (f"{path}: field 'reviewers.bad.one.temperature': expected a number or \"none\", "
                                 "got True")
    path.write_text('[reviewers.a]\nspec = "openai:m"\ntemperature = "None"\nrpm = 30\nstructured = false\n')
    options = load_config(path).reviewers["a"].options
    assert options == {"temperature": None, "rpm": 30.0, "structured": None}
    assert compare_settings(load_config(path)).reviewers == ()


def test_an_error_no_field_words_cover_keeps_msgspec_words():
    class Point(msgspec.Struct):
        x: int

    with pytest.raises(ValueError, match=r"^f.toml: field 'x': expected `int`, got `str`$"):
        convert({"x": "1"}, Point, "f.toml", {}, ValueError)


def test_explanations_only_for_the_defective_variants_present(corpus_copy):
    path = corpus_copy / "items/t2-empty/explanations.toml"
    path.write_text("[[fixed]]\ntext = 'a repair needs no explanation'\n")  # was read, and never used
    with pytest.raises(CorpusError, match=r"field 'fixed': explanations are for the defective variants present "
                                          r"\['original'\]$"):
        load_corpus(corpus_copy)
    path.write_text("[[original]]\ntext = 'x'\nstyle = 3\n")
    with pytest.raises(CorpusError, match=r"explanations.toml: field 'original\[0\].style': expected a string$"):
        load_corpus(corpus_copy)


def test_generic_explanations_need_a_string_text(corpus_copy):
    (corpus_copy / "generic-explanations.toml").write_text("[[explanation]]\ntext = 3\n")
    with pytest.raises(CorpusError, match=r"generic-explanations\.toml: field 'explanation': expected"):
        load_corpus(corpus_copy)
