"""A project file in latin-1 (issue 34, item 2): `mutate PROJECT` reads it as Python does (PEP 263), its items are
UTF-8 files whose coding cookie says so, and `verify` re-runs their checks on the project as it is."""

from __future__ import annotations

import ast
import json

from tests.e2e.mutate_helpers import cli

LATIN1 = ('# -*- coding: latin-1 -*-\n"""Prices of the café."""\n\nNAME = "café"\n\n\n'
          "def total(price, count):\n    return price * count + 1\n")
TESTS = ("from shop.menu import NAME, total\n\n\ndef test_total():\n    assert total(2, 3) == 7\n\n\n"
         "def test_name():\n    assert NAME == 'caf\\xe9'\n")


def _project(tmp_path):
    root = tmp_path / "project"
    (root / "shop").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "menu.py").write_bytes(LATIN1.encode("latin-1"))
    (root / "tests" / "test_menu.py").write_text(TESTS, encoding="utf-8")
    return root


def test_a_latin1_source_mutates_into_utf8_items_that_verify(tmp_path):
    project = _project(tmp_path)
    out = tmp_path / "gen"
    made = cli("mutate", str(project), "--out", str(out), "--source", "shop/menu.py", "--operators", "AOR",
               "--timeout", "30")
    assert made.returncode == 0 and "Traceback" not in made.stderr, made.stderr
    items = sorted((out / "items").iterdir())
    assert items
    for item in items:
        for name in ("fixed.py", "original.py"):
            data = (item / name).read_bytes()
            text = data.decode("utf-8")  # UTF-8, whatever the project's file was
            assert "latin-1" not in text.splitlines()[0]  # no cookie says otherwise to an analyzer
            tree = ast.parse(data)  # as Python reads the bytes: the same text
            assert any(isinstance(n, ast.Constant) and n.value == "café" for n in ast.walk(tree))
    assert (project / "shop" / "menu.py").read_bytes() == LATIN1.encode("latin-1")
    done = cli("verify", "--corpus", str(out), "--format", "json")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr + done.stdout
    report = json.loads(done.stdout)
    assert report["passed"] and report["counts"]["killable"] == len(items), report["failures"]


def test_a_file_no_codec_reads_is_skipped_with_a_warning_naming_it(tmp_path):
    project = _project(tmp_path)
    (project / "shop" / "odd.py").write_bytes(b"# -*- coding: no-such-codec -*-\nX = 1\n")
    made = cli("mutate", str(project), "--out", str(tmp_path / "gen"), "--source", "shop/*.py", "--operators",
               "AOR", "--timeout", "30")
    assert made.returncode == 0 and "Traceback" not in made.stderr, made.stderr
    assert "shop/odd.py" in made.stderr
