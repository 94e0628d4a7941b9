"""What `mutate PROJECT` writes into corpus.toml about the project: the corpus's name and licence, and the
project's own style settings ([code_style], corpus/FORMAT.md) that its snippets are linted with.

Name: `--name`, else `<project name>-mutants`, the project name read from pyproject.toml's [project].name or
setup.cfg's [metadata] name, and only when neither names it, the project folder's name (a checkout folder such as
`src` names nothing). Licence: `--licence`, else pyproject.toml's [project].license (a PEP 639 SPDX string, or
the older table's `text`), else setup.cfg's [metadata] license, else an SPDX id recognised from the text of a
LICENSE/COPYING file, else none ("" and a warning: the mutants are the project's code under its licence).
Each choice is said, with where it came from, so a user sees what to override.

Code style: ruff's own settings where the project has them (ruff.toml, .ruff.toml, pyproject.toml [tool.ruff]),
else isort's (pyproject.toml [tool.isort], .isort.cfg, setup.cfg [isort] or [tool:isort]) in ruff's spelling;
only the keys model/code_style.py accepts are carried. The project's top-level packages are its first-party
modules (what ruff finds through its `src` setting in the project, and cannot find for a snippet linted apart),
unless the configuration lists them itself.
"""

from __future__ import annotations

import configparser
import contextlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from redpen_bench.errors import InputError
from redpen_bench.model.code_style import RuffIsort, RuffStyle
from redpen_bench.model.typed import PLAIN_NAME_WORDS, is_plain_name

_ISORT_KEYS = {field.replace("-", "_") for field in RuffIsort.__struct_encode_fields__}
_LICENCE_FILES = ("LICENSE", "LICENSE.txt", "LICENSE.md", "LICENSE.rst", "LICENCE", "LICENCE.txt", "COPYING",
                  "COPYING.txt")
# the first line of each licence's text that no other here shares, casefolded -> its SPDX id
_LICENCE_TEXTS = (
    ("apache license", "Apache-2.0"), ("mit license", "MIT"),
    ("permission is hereby granted, free of charge", "MIT"),
    ("neither the name of", "BSD-3-Clause"),
    ("redistributions in binary form must reproduce", "BSD-2-Clause"),
    ("gnu lesser general public license", "LGPL-3.0-or-later"),
    ("gnu general public license", "GPL-3.0-or-later"), ("mozilla public license", "MPL-2.0"),
    ("this is free and unencumbered software released into the public domain", "Unlicense"),
)


@dataclass(frozen=True)
class ProjectMetadata:
    project: str  # what the project calls itself (its folder's name when nothing does)
    name: str
    licence: str
    code_style: dict[str, Any]  # [code_style]; {}: none
    said: tuple[str, ...]  # what was chosen and from where, one line each


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}  # a broken file names nothing here; the project's own tools report it


def _read_cfg(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    with contextlib.suppress(configparser.Error, UnicodeDecodeError):
        parser.read(path, encoding="utf-8")
    return parser


def _plain(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "-", name).strip("-._")[:55] or "project"


def _project_name(root: Path, pyproject: dict, setup: configparser.ConfigParser) -> tuple[str, str]:
    declared = pyproject.get("project", {}).get("name")
    if isinstance(declared, str) and declared.strip():
        return declared.strip(), "pyproject.toml [project].name"
    if setup.get("metadata", "name", fallback="").strip():
        return setup.get("metadata", "name").strip(), "setup.cfg [metadata] name"
    return root.name, "the project folder's name"


def _licence(root: Path, pyproject: dict, setup: configparser.ConfigParser) -> tuple[str, str]:
    declared = pyproject.get("project", {}).get("license")
    if isinstance(declared, dict):
        declared = declared.get("text")
    if isinstance(declared, str) and declared.strip() and "\n" not in declared.strip():
        return declared.strip(), "pyproject.toml [project].license"
    if setup.get("metadata", "license", fallback="").strip():
        return setup.get("metadata", "license").strip(), "setup.cfg [metadata] license"
    for name in _LICENCE_FILES:
        try:
            text = " ".join((root / name).read_text(encoding="utf-8", errors="replace").split()).casefold()
        except OSError:
            continue
        for words, spdx in _LICENCE_TEXTS:
            if words in text:
                return spdx, f"the text of {name}"
    return "", ""


def _top_packages(root: Path) -> list[str]:
    """The project's top-level packages: folders with an __init__.py directly in the project or in src/."""
    found = set()
    for base in (root, root / "src"):
        if base.is_dir():
            found |= {p.parent.name for p in base.glob("*/__init__.py") if p.parent.name.isidentifier()
                      and p.parent.name not in ("tests", "test", "docs")}
    return sorted(found)


def _isort_as_ruff(settings: dict[str, Any]) -> dict[str, Any]:
    """isort's settings (values as TOML or as an ini file's strings) in ruff's spelling, the known ones only."""
    style: dict[str, Any] = {}
    isort: dict[str, Any] = {}
    for key, value in settings.items():
        key = key.replace("-", "_")
        if isinstance(value, str):  # an ini file: "a, b" lists, "true" flags, "88" numbers
            text = value.strip()
            value = (text.lower() == "true") if text.lower() in ("true", "false") else \
                int(text) if text.isdigit() else [v.strip() for v in text.replace("\n", ",").split(",") if v.strip()]
        if key == "line_length" and isinstance(value, int):
            style["line-length"] = value
        elif key in _ISORT_KEYS:
            isort[key.replace("_", "-")] = value
    if isort:
        style["lint"] = {"isort": isort}
    return style


def _ruff_settings(root: Path, pyproject: dict) -> tuple[dict[str, Any], str]:
    for name in ("ruff.toml", ".ruff.toml"):
        if (root / name).is_file():
            return _read_toml(root / name), name
    if "ruff" in pyproject.get("tool", {}):
        return pyproject["tool"]["ruff"], "pyproject.toml [tool.ruff]"
    if "isort" in pyproject.get("tool", {}):
        return _isort_as_ruff(pyproject["tool"]["isort"]), "pyproject.toml [tool.isort]"
    for name, sections in ((".isort.cfg", ("settings", "isort")), ("setup.cfg", ("isort", "tool:isort")),
                           ("tox.ini", ("isort", "tool:isort"))):
        parser = _read_cfg(root / name) if (root / name).is_file() else None
        for section in sections if parser is not None else ():
            if parser.has_section(section):
                return _isort_as_ruff(dict(parser.items(section))), f"{name} [{section}]"
    return {}, ""


def code_style(root: Path, pyproject: dict) -> tuple[dict[str, Any], str]:
    """[code_style] for the project at `root` and where it came from ("" when only the packages were found)."""
    settings, source = _ruff_settings(root, pyproject)
    lint = settings.get("lint", {}) if isinstance(settings.get("lint"), dict) else {}
    isort_table = lint.get("isort", settings.get("isort", {}))  # [lint.isort], or the older top-level [isort]
    isort = {k: v for k, v in (isort_table if isinstance(isort_table, dict) else {}).items()
             if _accepted({"lint": {"isort": {k: v}}})}
    if "known-first-party" not in isort and _top_packages(root):
        isort["known-first-party"] = _top_packages(root)
    ruff = {k: settings[k] for k in ("line-length", "indent-width") if k in settings and _accepted({k: settings[k]})}
    if isort:
        ruff["lint"] = {"isort": isort}
    return ({"ruff": ruff} if ruff else {}), source


def _accepted(setting: dict[str, Any]) -> bool:
    """Whether the corpus's loader takes this setting: one it would refuse is left out, never written."""
    try:
        msgspec.convert(setting, RuffStyle)
    except msgspec.ValidationError:
        return False
    return True


def project_metadata(root: Path, name: str | None = None, licence: str | None = None,
                     kind: str = "mutants") -> ProjectMetadata:
    """The corpus's name (default: the project's own name + '-' + `kind`), licence and code style."""
    if name is not None and not is_plain_name(name):  # it names run and report folders
        raise InputError(f"--name: {name!r} is not a plain name ({PLAIN_NAME_WORDS})")
    pyproject = _read_toml(root / "pyproject.toml")
    setup = _read_cfg(root / "setup.cfg")
    said = []
    project, where = _project_name(root, pyproject, setup)
    if name is None:
        name = f"{_plain(project)}-{kind}"
        said.append(f"corpus name {name!r} (from {where}; --name to choose another)")
    if licence is None:
        licence, where = _licence(root, pyproject, setup)
        said.append(f"licence {licence!r} (from {where}; --licence to choose another)" if licence else
                    "no licence found in pyproject.toml, setup.cfg or a LICENSE file: corpus.toml says none "
                    "(--licence SPDX-ID to name the project's)")
    style, where = code_style(root, pyproject)
    if style:
        said.append(f"code style for the analyzers from {where or 'the project layout (its packages)'}")
    return ProjectMetadata(project, name, licence, style, tuple(said))
