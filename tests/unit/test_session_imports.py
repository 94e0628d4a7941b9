"""The project session imports the file its mutants change before the first request (redpen_pytest_session.
_import_file): by the dotted name under the deepest import root, never a `__main__` (a program, which importing
could run), and a module that fails or exits on import is left to be refused as before."""

from __future__ import annotations

import sys

from redpen_bench.project_tests.redpen_pytest_session import _import_file, _module_of


def test_a_module_is_imported_by_its_name_under_the_deepest_root(tmp_path, monkeypatch):
    package = tmp_path / "src" / "sessimp"
    package.mkdir(parents=True)
    for name, text in (("__init__.py", ""), ("mod.py", "VALUE = 1\n"), ("__main__.py", "import pathlib\n"
                       f"pathlib.Path({str(tmp_path / 'ran')!r}).write_text('ran')\n"),
                       ("exits.py", "raise SystemExit(3)\n"), ("fails.py", "raise ImportError('no')\n")):
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # the tree: `src.sessimp.mod` would import too
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    for name in ("sessimp", "sessimp.mod", "src", "src.sessimp", "src.sessimp.mod"):
        monkeypatch.setitem(sys.modules, name, None)  # put back (taken out) when the test ends
        del sys.modules[name]
    _import_file(str(package / "mod.py"))
    assert _module_of(str(package / "mod.py")) is sys.modules["sessimp.mod"]
    assert "src.sessimp.mod" not in sys.modules
    for name in ("__main__.py", "exits.py", "fails.py"):
        _import_file(str(package / name))  # nothing escapes
        assert _module_of(str(package / name)) is None, name
    assert not (tmp_path / "ran").exists()
