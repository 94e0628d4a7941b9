"""corpus.toml's optional [code_style] (corpus/FORMAT.md): the style settings of the project a corpus came from,
which a style-checking tool lints its snippets with, so an excerpt draws no finding its project's own lint does
not (`mutate PROJECT` fills it from the project's ruff or isort configuration: generate/project_metadata.py).

Only settings that change what a snippet's findings are, and that ruff takes from the command line
(`--config KEY=VALUE`), are accepted; any other key is refused naming it, never passed to a tool that would
stop with a usage error over it. Keys are spelled as in ruff's own configuration (kebab-case)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import msgspec

Names = list[Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z_][A-Za-z0-9_.]*$")]]  # module names, never options


class RuffIsort(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename="kebab", omit_defaults=True):
    known_first_party: Names | None = None
    known_third_party: Names | None = None
    known_local_folder: Names | None = None
    extra_standard_library: Names | None = None
    force_single_line: bool | None = None
    force_sort_within_sections: bool | None = None
    force_wrap_aliases: bool | None = None
    combine_as_imports: bool | None = None
    order_by_type: bool | None = None
    case_sensitive: bool | None = None
    from_first: bool | None = None
    lines_after_imports: int | None = None
    lines_between_types: int | None = None
    split_on_trailing_comma: bool | None = None


class RuffLint(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    isort: RuffIsort | None = None


class RuffStyle(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename="kebab", omit_defaults=True):
    line_length: Annotated[int, msgspec.Meta(ge=1, le=320)] | None = None
    indent_width: Annotated[int, msgspec.Meta(ge=1, le=16)] | None = None
    lint: RuffLint | None = None


class CodeStyle(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    ruff: RuffStyle | None = None


_WORDS = {bool: "expected true or false, got {value!r}", int: "expected a whole number in range, got {value!r}",
          list: "expected a list of module names, got {value!r}"}
CODE_STYLE_EXPECTED = {
    "code_style": "expected a table [code_style] with a table [code_style.ruff]",
    "code_style.?": "not a code style table Red-Pen knows (it knows [code_style.ruff])",
    "code_style.ruff": "expected a table [code_style.ruff]",
    "code_style.ruff.?": "not a ruff setting Red-Pen passes on (line-length, indent-width, lint.isort.*)",
    "code_style.ruff.line-length": _WORDS[int], "code_style.ruff.indent-width": _WORDS[int],
    "code_style.ruff.lint": "expected a table [code_style.ruff.lint]",
    "code_style.ruff.lint.?": "not a ruff setting Red-Pen passes on (lint.isort.*)",
    "code_style.ruff.lint.isort": "expected a table [code_style.ruff.lint.isort]",
    "code_style.ruff.lint.isort.?": "not an isort setting Red-Pen passes on (corpus/FORMAT.md lists them)",
} | {f"code_style.ruff.lint.isort.{name}": _WORDS[int if name.startswith("lines") else list if "-" in name
                                                  and name.split("-")[0] in ("known", "extra") else bool]
     for name in RuffIsort.__struct_encode_fields__}


def ruff_config_args(style: dict[str, Any] | None) -> list[str]:
    """[code_style.ruff] as ruff's `--config KEY = VALUE` arguments, in a fixed order; [] for none."""
    table = (style or {}).get("ruff") or {}
    args: list[str] = []

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key in sorted(value):
                walk(f"{prefix}{key}." if isinstance(value[key], dict) else f"{prefix}{key}", value[key])
        else:  # JSON's true, numbers, strings and lists of strings are TOML's too
            args.extend(["--config", f"{prefix} = {json.dumps(value)}"])

    walk("", table)
    return args


def as_table(style: CodeStyle | None) -> dict[str, Any] | None:
    """The settings a corpus declares, as plain data (what ReviewOptions.code_style holds); None: no table."""
    data = msgspec.to_builtins(style) if style is not None else None
    return data or None
