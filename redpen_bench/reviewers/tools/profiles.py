"""Analyzer profiles: `analyzers/<tool>/<name>.toml` files that say which rules a static tool runs.

A profile is chosen with `tool:name` (plain `tool` means `tool:default`). It is looked up first in ./analyzers/
of the working folder, so a user (or `redpen-bench tune`) can add or override profiles without touching the
install, then in the packaged copy. Each file has a `description` and the tool's settings, checked against the
tool's schema: a malformed file, an unknown key or a wrong type is an InputError naming the file and the field.
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec
import rtoml

from redpen_bench.errors import InputError
from redpen_bench.model.corpus_files import packaged_path
from redpen_bench.model.typed import NonEmptyText, convert, is_plain_name

DEFAULT_PROFILE = "default"


class ProfileError(InputError):
    """A profile that cannot be found or read."""


@dataclass(frozen=True)
class Setting:
    """One key a tool's profile may have: a list of strings or a string (each from `choices` if given), a bool.
    A tool's module declares its keys (`schema`); the profile's typed model is made from them (profile_model)."""

    kind: type  # list | str | bool
    default: Any = None
    choices: tuple[str, ...] = ()

    @property
    def type(self) -> Any:
        """The msgspec type a value must have."""
        word = Literal[self.choices] if self.choices else NonEmptyText
        return {list: list[word], bool: bool}.get(self.kind, word)  # type: ignore[valid-type]

    @property
    def expected(self) -> str:
        """What a value must be, in words."""
        if self.kind is list:
            return f"a list of values from {list(self.choices)}" if self.choices else "a list of non-empty strings"
        if self.kind is bool:
            return "true or false"
        return f"one of {list(self.choices)}" if self.choices else "a non-empty string"

    def check(self, value: Any) -> str | None:
        """None when the value fits, else what was expected."""
        try:
            msgspec.convert(value, self.type)
        except msgspec.ValidationError:
            return self.expected
        return None


Schema = dict[str, Setting]


@dataclass(frozen=True)
class Profile:
    tool: str
    name: str
    path: Path
    sha256: str  # of the file's bytes: recorded in the run manifest and part of every cache key
    description: str
    settings: dict[str, Any] = field(default_factory=dict)  # every schema key, defaults filled in

    def __getitem__(self, key: str) -> Any:
        return self.settings[key]

    def relative(self, entry: str) -> Path:
        """A path named in the profile, relative to the tool's profile folder (analyzers/<tool>/)."""
        return (self.path.parent / entry).resolve()


HEADER_MARK = "Written by redpen-bench tune"  # the first line of a profile `tune` wrote


def shipped_dir(tool: str) -> Path | None:
    """The folder of the profiles shipped with `tool`: its ToolDescription's (a plugin ships its own), else
    analyzers/<tool>/ of this package; None for an install without the data folder."""
    from redpen_bench.reviewers import family_of

    family = family_of(tool)
    with contextlib.suppress(InputError):
        description = getattr(family.load(), "tool", None) if family is not None else None
        if description is not None and description.profiles is not None:
            return Path(description.profiles)
    with contextlib.suppress(InputError):
        return packaged_path("analyzers") / tool
    return None


def written_by_tune(profile: Path) -> bool:
    """A profile `tune` wrote: chosen on one corpus, so `compare` runs it only when asked for by name."""
    with profile.open(encoding="utf-8", errors="replace") as text:
        return HEADER_MARK in text.readline()


def shipped_profiles(tool: str, root: Path | None = None) -> list[str]:
    """The profiles shipped with `tool` but tuned ones: what `compare` runs (`root`: another analyzers/ folder)."""
    folder = root / tool if root is not None else shipped_dir(tool)
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.toml") if not written_by_tune(p))


def profile_dirs(tool: str) -> list[Path]:
    """Where `tool`'s profiles are looked up, in order: ./analyzers/<tool>/, then the shipped copy."""
    dirs = [Path.cwd() / "analyzers" / tool]
    shipped = shipped_dir(tool)  # an install without the data folder still honours ./analyzers/
    if shipped is not None:
        dirs.append(shipped)
    unique: list[Path] = []
    for folder in dirs:
        if folder.resolve() not in [u.resolve() for u in unique]:
            unique.append(folder)
    return unique


def available_profiles(tool: str) -> list[str]:
    names = {p.stem for folder in profile_dirs(tool) if folder.is_dir() for p in folder.glob("*.toml")}
    return sorted(names)


def find_profile(tool: str, name: str) -> Path:
    if not is_plain_name(name):
        raise ProfileError(f"reviewer '{tool}:{name}': '{name}' is not a profile name (letters, digits, _ . -)")
    for folder in profile_dirs(tool):
        candidate = folder / f"{name}.toml"
        if candidate.is_file():
            return candidate
    known = ", ".join(available_profiles(tool)) or "none"
    where = " and ".join(str(d) for d in profile_dirs(tool))
    raise ProfileError(f"reviewer '{tool}:{name}': no profile '{name}' in {where}; available: {known}")


def profile_model(tool: str, schema: Schema) -> tuple[type[msgspec.Struct], dict[str, str]]:
    """The typed model of `tool`'s profiles, made from the keys its module declares, and its error words."""
    fields: list[tuple] = [("description", NonEmptyText)]
    for key, setting in schema.items():
        default = setting.default
        if isinstance(default, (list, tuple)):
            fields.append((key, setting.type, msgspec.field(default_factory=lambda d=default: list(d))))
        else:
            fields.append((key, setting.type if default is not None else setting.type | None, default))
    model = msgspec.defstruct(f"{tool.title()}Profile", fields, kw_only=True, forbid_unknown_fields=True)
    expected = {"description": "expected a non-empty string",
                "?": f"unknown key for {tool}; known: {['description', *sorted(schema)]}",
                **{key: f"expected {setting.expected}, got {{value!r}}" for key, setting in schema.items()}}
    return model, expected


def load_profile(tool: str, name: str | None, schema: Schema) -> Profile:
    """Find `tool:name` and read it as the tool's typed profile model."""
    name = name or DEFAULT_PROFILE
    path = find_profile(tool, name)
    data = path.read_bytes()
    try:
        table = rtoml.loads(data.decode("utf-8"))
    except (rtoml.TomlParsingError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{path}: malformed TOML: {exc}") from None
    model, expected = profile_model(tool, schema)
    profile = convert(table, model, path, expected, ProfileError)
    settings = {key: getattr(profile, key) for key in schema}
    return Profile(tool, name, path, hashlib.sha256(data).hexdigest(), profile.description.strip(), settings)
