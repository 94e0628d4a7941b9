"""`mutate PROJECT --name --licence` (issue 32.7): the corpus carries the name and licence the user chose, or the
project's own with a line saying where they came from; never the checkout folder's name with licence "" unsaid."""

from __future__ import annotations

import shutil

import rtoml

from tests.e2e.mutate_helpers import ROOT, cli

SLUG = ROOT / "tests" / "fixtures" / "mutate_slug_project"  # pyproject.toml [project] name "textslug", no licence
SMALL = ("--operators", "ROR", "--max-per-function", "1", "--max-items", "2", "--jobs", "2", "--timeout", "20")


def _corpus_toml(out):
    return rtoml.loads((out / "corpus.toml").read_text(encoding="utf-8"))


def test_the_users_name_and_licence_are_the_corpus_s(tmp_path):
    out = tmp_path / "gen"
    made = cli("mutate", str(SLUG), "--out", str(out), "--name", "slugs", "--licence", "MIT", *SMALL)
    assert made.returncode == 0, made.stderr
    meta = _corpus_toml(out)
    assert (meta["name"], meta["license"]) == ("slugs", "MIT")
    assert "corpus name" not in made.stderr + made.stdout


def test_by_default_the_project_names_it_and_a_missing_licence_is_said(tmp_path):
    project = tmp_path / "src"  # a checkout folder whose name says nothing
    shutil.copytree(SLUG, project)
    out = tmp_path / "gen"
    made = cli("mutate", str(project), "--out", str(out), *SMALL)
    assert made.returncode == 0, made.stderr
    meta = _corpus_toml(out)
    assert meta["name"] == f"{rtoml.loads((SLUG / 'pyproject.toml').read_text())['project']['name']}-mutants"
    said = " ".join((made.stderr + made.stdout).split())
    assert f"corpus name '{meta['name']}' (from pyproject.toml [project].name" in said
    assert meta["license"] == "" and "no licence found" in said


def test_a_name_that_is_no_plain_name_stops_before_any_check(tmp_path):
    made = cli("mutate", str(SLUG), "--out", str(tmp_path / "gen"), "--name", "../up", *SMALL)
    assert made.returncode != 0
    assert "--name: '../up' is not a plain name" in made.stderr and "Traceback" not in made.stderr
