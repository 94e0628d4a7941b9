"""redpen.toml: named reviewers (each with its own endpoint, prompt and parameters), prices, compare defaults.

    [reviewers.local]
    spec = "openai:qwen2.5-coder:7b"
    base_url = "http://127.0.0.1:11434/v1"
    prompt = "prompts/mine.txt"            # paths are relative to this file
    temperature = 0                        # a number, or "none" to send none
    max_tokens = 512
    params = { reasoning_effort = "low" }

    [prices]
    "qwen2.5-coder:7b" = { input = 0, output = 0 }

    [compare]
    reviewers = ["local", "ruff:bugs"]
    out = "runs/compare"

`--reviewer local` picks a named reviewer; its fields win over the command line's, the rest come from it.

Found as ruff finds its configuration: --config FILE wins; else the nearest folder, from the working folder up
to the root, holding a redpen.toml or a pyproject.toml with a [tool.redpen] table (the same tables under
`tool.redpen`); in one folder redpen.toml beats pyproject.toml. A pyproject.toml without [tool.redpen] is passed
over. Only one file is read: configurations do not merge. Errors name the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rtoml

from redpen_bench.errors import InputError
from redpen_bench.reviewers import Spec, check_name, parse_spec
from redpen_bench.reviewers.llm.prices import check_prices

CONFIG_NAME = "redpen.toml"
PYPROJECT = "pyproject.toml"
_TABLES = ("reviewers", "prices", "compare")
_COMPARE_FIELDS = ("reviewers", "out")


class ConfigError(InputError):
    pass


@dataclass(frozen=True)
class NamedReviewer:
    name: str
    spec: str
    options: dict[str, Any]  # ReviewOptions fields


@dataclass(frozen=True)
class CompareSettings:
    reviewers: tuple[str, ...] = ()
    out: Path | None = None
    table: dict[str, Any] = field(default_factory=dict)  # the whole [compare] table, for fields added later


@dataclass(frozen=True)
class Config:
    path: Path | None = None
    reviewers: dict[str, NamedReviewer] = field(default_factory=dict)
    prices: dict[str, dict[str, float]] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    searched: tuple[Path, ...] = ()  # the folders looked in when no --config was given
    label: str = ""  # how errors name it: the file, and `[tool.redpen]` for a pyproject.toml

    def where(self) -> str:
        """Which configuration was read, or which places were looked in: for "unknown reviewer" errors."""
        if self.path is not None:
            return f"configuration read: {self.label}"
        if not self.searched:
            return "no configuration file"
        first, n = self.searched[0], len(self.searched) - 1
        return (f"no configuration file: looked for {CONFIG_NAME}, and {PYPROJECT} with [tool.redpen], in {first}"
                + (f" and its {n} parent folders" if n else "") + "; or pass --config FILE")


def find_config(cwd: Path | None = None) -> tuple[Path | None, tuple[Path, ...]]:
    """The nearest redpen.toml, or pyproject.toml with [tool.redpen], from `cwd` up; and the folders looked in."""
    searched = []
    for folder in [(cwd or Path.cwd()).resolve(), *(cwd or Path.cwd()).resolve().parents]:
        searched.append(folder)
        if (folder / CONFIG_NAME).is_file():
            return folder / CONFIG_NAME, tuple(searched)
        pyproject = folder / PYPROJECT
        if pyproject.is_file() and "redpen" in _read(pyproject).get("tool", {}):
            return pyproject, tuple(searched)
    return None, tuple(searched)


def _read(path: Path) -> dict:
    try:
        return rtoml.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except (OSError, UnicodeDecodeError, rtoml.TomlParsingError) as exc:
        raise ConfigError(f"{path}: unreadable TOML: {exc}") from None


def load_config(path: str | Path | None = None, cwd: Path | None = None) -> Config:
    """The given file (which must exist: a redpen.toml, or a pyproject.toml read at [tool.redpen]), else the
    nearest one found from `cwd` up (find_config), else an empty configuration that knows where it looked."""
    searched: tuple[Path, ...] = ()
    if path is None:
        path, searched = find_config(cwd)
        if path is None:
            return Config(searched=searched)
    path = Path(path)
    data = _read(path)
    label = str(path)
    if path.name == PYPROJECT:
        table = data.get("tool", {}).get("redpen") if isinstance(data.get("tool"), dict) else None
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: field 'tool.redpen': expected a table [tool.redpen]")
        data, label = table, f"{path} [tool.redpen]"
    config = _parse(path, label, data)
    return Config(config.path, config.reviewers, config.prices, config.data, searched, label)


def _parse(file: Path, path: str, data: dict) -> Config:
    """`path` is how errors name the configuration; `file` the file, whose folder relative paths start from."""
    unknown = sorted(set(data) - set(_TABLES))
    if unknown:
        raise ConfigError(f"{path}: field '{unknown[0]}': unknown table; known: {', '.join(_TABLES)}")
    reviewers = data.get("reviewers", {})
    if not isinstance(reviewers, dict):
        raise ConfigError(f"{path}: field 'reviewers': expected tables [reviewers.NAME]")
    named = {name: _reviewer(path, file.parent, name, table) for name, table in reviewers.items()}
    compare = data.get("compare", {})
    unknown = sorted(set(compare) - set(_COMPARE_FIELDS)) if isinstance(compare, dict) else []
    if unknown:
        raise ConfigError(f"{path}: field 'compare.{unknown[0]}': unknown field; known: {', '.join(_COMPARE_FIELDS)}")
    prices = check_prices(data.get("prices", {}), str(path))
    return Config(file, named, prices, data)


def _reviewer(path: str, base: Path, name: str, table: Any) -> NamedReviewer:
    where = f"reviewers.{name}"

    def fail(key: str, message: str) -> ConfigError:
        return ConfigError(f"{path}: field '{where}.{key}': {message}")

    if not isinstance(table, dict):
        raise ConfigError(f"{path}: field '{where}': expected a table")
    try:
        check_name(name, f"{path}: field '{where}'")
    except InputError as exc:
        raise ConfigError(str(exc)) from None
    unknown = sorted(set(table) - {"spec", *_FIELDS})
    if unknown:
        raise fail(unknown[0], f"unknown field; known: spec, {', '.join(_FIELDS)}")
    spec = table.get("spec")
    if not isinstance(spec, str) or not spec.strip():
        raise fail("spec", "expected a reviewer spec such as \"openai:MODEL\"")
    try:
        parse_spec(spec)
    except InputError as exc:
        raise fail("spec", str(exc)) from None
    options = {}
    for key, value in table.items():
        if key != "spec":
            options[_OPTION_OF.get(key, key)] = _FIELDS[key](value, lambda message, key=key: fail(key, message),
                                                             base)
    return NamedReviewer(name, spec.strip(), options)


def _path(value, fail, base: Path) -> Path:
    if not isinstance(value, str) or not value:
        raise fail("expected a file path")
    resolved = (base / value).expanduser()
    if not resolved.is_file():
        raise fail(f"no such file: {resolved}")
    return resolved


def _temperature(value, fail, base) -> float | None:
    if isinstance(value, str) and value.lower() == "none":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(f"expected a number or \"none\", got {value!r}")
    return float(value)


def _positive(kind: type):
    def check(value, fail, base):
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0 or \
                (kind is int and not isinstance(value, int)):
            raise fail(f"expected a positive {'integer' if kind is int else 'number'}, got {value!r}")
        return kind(value)
    return check


def _string(value, fail, base) -> str:
    if not isinstance(value, str) or not value:
        raise fail(f"expected a string, got {value!r}")
    return value


def _kinds(value, fail, base) -> tuple[str, ...]:
    from redpen_bench.reviewers.tools.sarif_log import check_kinds

    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise fail(f"expected a list of SARIF result kinds such as [\"fail\"], got {value!r}")
    try:
        return check_kinds(value)
    except InputError as exc:
        raise fail(str(exc)) from None


def _structured(value, fail, base) -> str | None:
    if value is True or value == "json-schema":
        return "json-schema"
    if value is False:
        return None
    if value == "grammar":
        return value
    raise fail(f"expected true, false, \"json-schema\" or \"grammar\", got {value!r}")


def _table(value, fail, base) -> dict:
    if not isinstance(value, dict):
        raise fail("expected a table, e.g. { reasoning_effort = \"low\" }")
    return dict(value)


_FIELDS = {
    "base_url": _string, "prompt": _path, "system": _path, "temperature": _temperature,
    "max_tokens": _positive(int), "params": _table, "concurrency": _positive(int), "retries": _positive(int),
    "rpm": _positive(float), "timeout": _positive(float), "sarif_kinds": _kinds, "structured": _structured,
}
_OPTION_OF = {"timeout": "request_timeout"}  # a named reviewer is an LLM: its timeout is per request


def resolve_specs(values: list[str], config: Config) -> list[Spec]:
    """Reviewer arguments to specs: a bare name defined in the config is that reviewer, anything else a spec."""
    specs = []
    for text in values:
        entry = config.reviewers.get(text)
        if entry is None:
            try:
                specs.append(parse_spec(text))
            except InputError as exc:
                if ":" in text or "=" in text:  # a spec, not a name: its own error says it all
                    raise
                raise ConfigError(f"{exc} (nor a named reviewer: {config.where()})") from None
            continue
        base = parse_spec(entry.spec)
        specs.append(Spec(key=entry.name, family=base.family, arg=base.arg, text=base.text,
                          options=dict(entry.options)))
    return specs


def compare_settings(config: Config) -> CompareSettings:
    """The [compare] table: default reviewers (names or specs) and run folder for `redpen-bench compare`."""
    table = config.data.get("compare", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{config.label}: field 'compare': expected a table")
    reviewers = table.get("reviewers", [])
    if not isinstance(reviewers, list) or not all(isinstance(r, str) and r.strip() for r in reviewers):
        raise ConfigError(f"{config.label}: field 'compare.reviewers': expected a list of reviewer names or specs")
    out = table.get("out")
    if out is not None and (not isinstance(out, str) or not out):
        raise ConfigError(f"{config.label}: field 'compare.out': expected a folder path")
    base = config.path.parent if config.path else Path.cwd()
    return CompareSettings(tuple(r.strip() for r in reviewers), base / out if out else None, dict(table))
