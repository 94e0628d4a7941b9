"""Which Python runs a project's tests: the project's own, so that its test dependencies are the ones it
installed and Red-Pen's never leak in."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from redpen_bench.errors import InputError


def _is_python(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def project_python(project: Path, given: Path | None) -> Path:
    """`given` (--python) when set; else PROJECT/.venv/bin/python, then PROJECT/venv/bin/python; else the
    active virtualenv's ($VIRTUAL_ENV) when it is not Red-Pen's own; else the interpreter running Red-Pen.
    Not resolved: a venv's python is a symlink to the base interpreter, and only its own path selects the venv."""
    if given is not None:
        path = Path(given).expanduser()
        if not _is_python(path):
            raise InputError(f"--python {given}: not an executable file (give the project's Python, e.g. "
                             "PROJECT/.venv/bin/python)")
        return path.absolute()
    for name in (".venv", "venv"):
        found = project / name / "bin" / "python"
        if _is_python(found):
            return found.absolute()
    active = os.environ.get("VIRTUAL_ENV")
    if active and Path(active).resolve() != Path(sys.prefix).resolve():
        found = Path(active) / "bin" / "python"
        if _is_python(found):
            return found
    return Path(sys.executable)
