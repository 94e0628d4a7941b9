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
Read from ./redpen.toml when present, or from --config FILE. Errors name the file and the field.
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


def load_config(path: str | Path | None = None, cwd: Path | None = None) -> Config:
    """The given file (which must exist), else redpen.toml in the working folder if there is one, else empty."""
    if path is None:
        candidate = (cwd or Path.cwd()) / CONFIG_NAME
        if not candidate.is_file():
            return Config()
        path = candidate
    path = Path(path)
    try:
        data = rtoml.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except (OSError, UnicodeDecodeError, rtoml.TomlParsingError) as exc:
        raise ConfigError(f"{path}: unreadable TOML: {exc}") from None
    unknown = sorted(set(data) - set(_TABLES))
    if unknown:
        raise ConfigError(f"{path}: field '{unknown[0]}': unknown table; known: {', '.join(_TABLES)}")
    reviewers = data.get("reviewers", {})
    if not isinstance(reviewers, dict):
        raise ConfigError(f"{path}: field 'reviewers': expected tables [reviewers.NAME]")
    named = {name: _reviewer(path, name, table) for name, table in reviewers.items()}
    compare = data.get("compare", {})
    unknown = sorted(set(compare) - set(_COMPARE_FIELDS)) if isinstance(compare, dict) else []
    if unknown:
        raise ConfigError(f"{path}: field 'compare.{unknown[0]}': unknown field; known: {', '.join(_COMPARE_FIELDS)}")
    prices = check_prices(data.get("prices", {}), str(path))
    return Config(path, named, prices, data)


def _reviewer(path: Path, name: str, table: Any) -> NamedReviewer:
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
                                                             path.parent)
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
    from redpen_bench.reviewers.tools.sarif import check_kinds

    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise fail(f"expected a list of SARIF result kinds such as [\"fail\"], got {value!r}")
    try:
        return check_kinds(value)
    except InputError as exc:
        raise fail(str(exc)) from None


def _table(value, fail, base) -> dict:
    if not isinstance(value, dict):
        raise fail("expected a table, e.g. { reasoning_effort = \"low\" }")
    return dict(value)


_FIELDS = {
    "base_url": _string, "prompt": _path, "system": _path, "temperature": _temperature,
    "max_tokens": _positive(int), "params": _table, "concurrency": _positive(int), "retries": _positive(int),
    "rpm": _positive(float), "timeout": _positive(float), "sarif_kinds": _kinds,
}
_OPTION_OF = {"timeout": "request_timeout"}  # a named reviewer is an LLM: its timeout is per request


def resolve_specs(values: list[str], config: Config) -> list[Spec]:
    """Reviewer arguments to specs: a bare name defined in the config is that reviewer, anything else a spec."""
    specs = []
    for text in values:
        entry = config.reviewers.get(text)
        if entry is None:
            specs.append(parse_spec(text))
            continue
        base = parse_spec(entry.spec)
        specs.append(Spec(key=entry.name, family=base.family, arg=base.arg, text=base.text,
                          options=dict(entry.options)))
    return specs


def compare_settings(config: Config) -> CompareSettings:
    """The [compare] table: default reviewers (names or specs) and run folder for `redpen-bench compare`."""
    table = config.data.get("compare", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{config.path}: field 'compare': expected a table")
    reviewers = table.get("reviewers", [])
    if not isinstance(reviewers, list) or not all(isinstance(r, str) and r.strip() for r in reviewers):
        raise ConfigError(f"{config.path}: field 'compare.reviewers': expected a list of reviewer names or specs")
    out = table.get("out")
    if out is not None and (not isinstance(out, str) or not out):
        raise ConfigError(f"{config.path}: field 'compare.out': expected a folder path")
    base = config.path.parent if config.path else Path.cwd()
    return CompareSettings(tuple(r.strip() for r in reviewers), base / out if out else None, dict(table))
