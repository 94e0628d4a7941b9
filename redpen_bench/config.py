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
from typing import Annotated, Any, Literal

import msgspec
import rtoml

from redpen_bench.errors import InputError
from redpen_bench.model.typed import NonEmptyText, TextList, convert
from redpen_bench.reviewers import Spec, check_name, parse_spec
from redpen_bench.reviewers.llm.prices import check_prices

CONFIG_NAME = "redpen.toml"
PYPROJECT = "pyproject.toml"


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


_Positive = Annotated[int, msgspec.Meta(gt=0)]
_PositiveNumber = Annotated[float, msgspec.Meta(gt=0)]
_Given = Annotated[str, msgspec.Meta(min_length=1)]
_UNSET: Any = msgspec.UNSET  # a field not given: the command line's value, or the default, stays


class ReviewerTable(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """[reviewers.NAME]: a reviewer spec and the ReviewOptions fields it sets."""

    spec: NonEmptyText
    base_url: _Given = _UNSET
    prompt: _Given = _UNSET  # a file, relative to the configuration's folder
    system: _Given = _UNSET
    temperature: float | Annotated[str, msgspec.Meta(pattern="(?i)^none$")] = _UNSET  # "none": send none
    max_tokens: _Positive = _UNSET
    params: dict[str, Any] = _UNSET
    concurrency: _Positive = _UNSET
    retries: _Positive = _UNSET
    rpm: _PositiveNumber = _UNSET
    timeout: _PositiveNumber = _UNSET
    sarif_kinds: list[str] = _UNSET
    structured: bool | Literal["json-schema", "grammar"] = _UNSET


class CompareTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    reviewers: TextList = []  # names or specs
    out: _Given | None = None  # a folder, relative to the configuration's folder


class ConfigToml(msgspec.Struct, forbid_unknown_fields=True):
    """A redpen.toml, or the [tool.redpen] table of a pyproject.toml."""

    reviewers: dict[str, ReviewerTable] = {}
    prices: dict[str, Any] = {}  # checked by check_prices: the shipped prices.toml has the same table
    compare: CompareTable = CompareTable()


_OPTIONS = tuple(f.name for f in msgspec.structs.fields(ReviewerTable) if f.name != "spec")
_INTEGER, _NUMBER = "expected a positive integer, got {value!r}", "expected a positive number, got {value!r}"
_EXPECTED = {
    "?": f"unknown table; known: {', '.join(f.name for f in msgspec.structs.fields(ConfigToml))}",
    "reviewers": "expected tables [reviewers.NAME]",
    "reviewers.*": "expected a table",
    "reviewers.*.?": f"unknown field; known: spec, {', '.join(_OPTIONS)}",
    "reviewers.*.spec": 'expected a reviewer spec such as "openai:MODEL"',
    "reviewers.*.base_url": "expected a string, got {value!r}",
    "reviewers.*.prompt": "expected a file path", "reviewers.*.system": "expected a file path",
    "reviewers.*.temperature": 'expected a number or "none", got {value!r}',
    "reviewers.*.max_tokens": _INTEGER, "reviewers.*.concurrency": _INTEGER, "reviewers.*.retries": _INTEGER,
    "reviewers.*.rpm": _NUMBER, "reviewers.*.timeout": _NUMBER,
    "reviewers.*.params": 'expected a table, e.g. {{ reasoning_effort = "low" }}',
    "reviewers.*.sarif_kinds": 'expected a list of SARIF result kinds such as ["fail"], got {value!r}',
    "reviewers.*.structured": 'expected true, false, "json-schema" or "grammar", got {value!r}',
    "prices": "expected a table of model = {{ input = USD, output = USD }}",
    "compare": "expected a table",
    "compare.?": "unknown field; known: reviewers, out",
    "compare.reviewers": "expected a list of reviewer names or specs",
    "compare.out": "expected a folder path",
}


def _typed(data: dict, path: str) -> ConfigToml:
    return convert(data, ConfigToml, path, _EXPECTED, ConfigError)


def _parse(file: Path, path: str, data: dict) -> Config:
    """`path` is how errors name the configuration; `file` the file, whose folder relative paths start from."""
    config = _typed(data, path)
    named = {name: _reviewer(path, file.parent, name, table) for name, table in config.reviewers.items()}
    prices = check_prices(config.prices, str(path))
    return Config(file, named, prices, data)


def _reviewer(path: str, base: Path, name: str, table: ReviewerTable) -> NamedReviewer:
    """The options of a [reviewers.NAME] table that are given, read as ReviewOptions takes them."""
    where = f"{path}: field 'reviewers.{name}"
    try:
        check_name(name, f"{where}'")
    except InputError as exc:
        raise ConfigError(str(exc)) from None
    try:
        parse_spec(table.spec)
    except InputError as exc:
        raise ConfigError(f"{where}.spec': {exc}") from None
    options = {}
    for key in _OPTIONS:
        value = getattr(table, key)
        if value is not msgspec.UNSET:
            options[_OPTION_OF.get(key, key)] = _READ.get(key, _same)(value, base, f"{where}.{key}'")
    return NamedReviewer(name, table.spec.strip(), options)


def _same(value, base, where):
    return value


def _path(value: str, base: Path, where: str) -> Path:
    resolved = (base / value).expanduser()
    if not resolved.is_file():
        raise ConfigError(f"{where}: no such file: {resolved}")
    return resolved


def _kinds(value: list[str], base, where: str) -> tuple[str, ...]:
    from redpen_bench.reviewers.tools.sarif_log import check_kinds

    try:
        return check_kinds(value)
    except InputError as exc:
        raise ConfigError(f"{where}: {exc}") from None


_READ = {
    "prompt": _path, "system": _path, "sarif_kinds": _kinds, "params": lambda value, base, where: dict(value),
    "temperature": lambda value, base, where: None if isinstance(value, str) else float(value),
    "rpm": lambda value, base, where: float(value), "timeout": lambda value, base, where: float(value),
    "structured": lambda value, base, where: {True: "json-schema", False: None}.get(value, value),
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
    table = _typed(config.data, config.label).compare
    base = config.path.parent if config.path else Path.cwd()
    return CompareSettings(tuple(r.strip() for r in table.reviewers), base / table.out if table.out else None,
                           dict(config.data.get("compare", {})))
