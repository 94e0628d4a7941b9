"""`mutate PROJECT` on projects shaped like python-slugify and toolz (issue 27): pytest's own configuration decides
what is a test, coloured output still names the killing tests, every item written passes verify, and the
excerpts are as clean to ruff and pylint as the files they come from."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import rtoml

from redpen_bench.generate.project import collect
from redpen_bench.generate.project_files import project_units
from redpen_bench.harvest.candidates import is_test
from redpen_bench.project_tests.runner import Settings
from tests.e2e.mutate_helpers import ROOT, cli, read_items
from tests.excerpt_lint import excerpt_only

FIXTURES = ROOT / "tests" / "fixtures"
SLUG, SRC, SHOP = FIXTURES / "mutate_slug_project", FIXTURES / "mutate_src_project", FIXTURES / "mutate_project"
IN_PACKAGE = FIXTURES / "mutate_inpackage_project"
HERE = Settings(Path(sys.executable), timeout=10)  # this interpreter: the fixtures need only pytest
SMALL = ("--operators", "CRP,ROR,EXS,SDL", "--max-per-function", "1", "--jobs", "2", "--timeout", "20")


@pytest.mark.parametrize(("project", "sources"), [
    # test.py found through python_files; docs/conf.py, examples/, noxfile.py and setup.py are not sources
    (SLUG, ["textslug/__init__.py", "textslug/__main__.py", "textslug/slugify.py"]),
    # tox.ini's testpaths hold a helper pytest does not collect; doc/, examples/ and fabfile.py are not sources
    (SRC, ["src/tinytoolz/__init__.py", "src/tinytoolz/itertoolz.py", "src/tinytoolz/recipes.py"]),
    # pytest.ini's python_files = check_*.py
    (SHOP, ["shop/__init__.py", "shop/inventory.py", "shop/pricing.py", "shop/text.py"]),
    # testpaths = ["inpkg"], the package itself (toolz's layout): only inpkg/tests/ is a test folder
    (IN_PACKAGE, ["inpkg/__init__.py", "inpkg/core.py"]),
])
def test_default_sources_are_what_pytest_does_not_collect(project, sources):
    assert [u.name for u in project_units(project, (), (), collect(project, HERE))] == sources


def test_a_source_glob_never_takes_a_collected_test_file():
    collection = collect(SLUG, HERE)
    assert [u.name for u in project_units(SLUG, ("*.py",), (), collection)] == [
        "docs/conf.py", "examples/demo.py", "noxfile.py", "setup.py", "textslug/__init__.py",
        "textslug/__main__.py", "textslug/slugify.py"]


@pytest.fixture(scope="module")
def slug_corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("slug") / "gen"
    made = cli("mutate", str(SLUG), "--out", str(out), *SMALL)
    assert made.returncode == 0, made.stderr
    assert "warning" not in made.stderr
    return out


def test_coloured_output_still_names_the_killing_tests(slug_corpus):
    found = [rtoml.loads(t) for t in read_items(slug_corpus).values()]
    assert {f["provenance"]["source"] for f in found} == {"textslug/__main__.py", "textslug/slugify.py"}
    first_order = [f for f in found if f["tier"] != "HOM"]
    assert first_order and all(f["provenance"]["killing_tests"] for f in first_order)
    assert all(t.startswith("test.py::test_") and "\x1b" not in t
               for f in first_order for t in f["provenance"]["killing_tests"])


def test_every_item_passes_verify_relative_imports_included(slug_corpus):
    found = [rtoml.loads(t) for t in read_items(slug_corpus).values()]
    assert any(f["provenance"]["source"] == "textslug/__main__.py" for f in found)  # `from .slugify import`
    checked = cli("verify", "--corpus", str(slug_corpus))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"{len(found)}/{len(found)} killable" in checked.stdout


def test_descriptions_number_lines_as_the_snippet_does(slug_corpus):
    for text in read_items(slug_corpus).values():
        item = rtoml.loads(text)
        if item["tier"] != "HOM":
            assert item["description"].startswith(f"Line {item['variants']['original']['lines'][0]}: ")


@pytest.mark.parametrize("reviewer", ["ruff:bugs", "ruff:default", "pylint:bugs", "pylint:default"])
def test_excerpts_are_as_clean_to_linters_as_their_files(slug_corpus, reviewer):
    sources = {rtoml.loads(t)["provenance"]["source"] for t in read_items(slug_corpus).values()}
    assert "textslug/slugify.py" in sources  # 175 lines: its items are excerpts
    assert excerpt_only(reviewer, slug_corpus) == {}


def test_a_src_layout_project_passes_verify(tmp_path):
    out = tmp_path / "gen"
    made = cli("mutate", str(SRC), "--out", str(out), *SMALL)
    assert made.returncode == 0, made.stderr
    found = [rtoml.loads(t) for t in read_items(out).values()]
    assert {f["provenance"]["source"] for f in found} == {"src/tinytoolz/itertoolz.py", "src/tinytoolz/recipes.py"}
    checked = cli("verify", "--corpus", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_failing_suite_is_refused_naming_the_failing_test(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(SLUG, project)
    test = project / "test.py"
    test.write_text(test.read_text().replace('== "hello-world"', '== "hello-world!"'))
    made = cli("mutate", str(project), "--out", str(tmp_path / "gen"))
    assert made.returncode == 2 and "Traceback" not in made.stderr
    assert "test suite fails" in made.stderr and "test.py::test_basic" in made.stderr


def test_harvest_reads_a_package_that_holds_its_tests_as_source():
    """harvest classifies a commit's files by the same collection: a fix of inpkg/core.py is a source change."""
    collection = collect(IN_PACKAGE, HERE)
    assert collection.test_dirs == ("inpkg/tests",)
    assert not is_test("inpkg/core.py", collection)
    assert is_test("inpkg/tests/helpers.py", collection) and is_test("inpkg/tests/test_core.py", collection)
