"""Typed, strict reading of the project's input files (item.toml, corpus.toml, profiles, redpen.toml, rows): the
shared field types, and the one translation of a msgspec validation error into "FILE: field 'X': expected ...".

Each file kind declares a msgspec Struct and, per field, the words its error gives (`expected`: patterns of field
paths, `*` standing for any table key, `?` for a key the table does not know); `convert` checks a parsed file
against the Struct and raises the file's InputError naming the field. A table key is named as the file spells it
(`reviewers.mine.temperature`), never as msgspec's `[...]`.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, TypeVar

import msgspec

from redpen_bench.errors import InputError

T = TypeVar("T")
NonEmptyText = Annotated[str, msgspec.Meta(pattern=r"\S")]  # a string with something in it besides blanks
TextList = list[NonEmptyText]
# a name that becomes a folder or file name (a corpus's, a profile's): never a path
PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
PLAIN_NAME_WORDS = "letters, digits, '.', '_', '-'; starting with a letter or digit; at most 64"

_AT = re.compile(r"^(?P<message>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_MISSING = re.compile(r"Object missing required field `(?P<field>[^`]+)`")
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<field>[^`]+)`")
_STEP = re.compile(r"\.(?P<name>[^.\[]+)|\[(?P<index>\d+|\.\.\.)\]")


def is_plain_name(name: str) -> bool:
    return PLAIN_NAME.fullmatch(name) is not None


def error_place(exc: msgspec.ValidationError, prefix: str = "") -> tuple[str, str]:
    """(where, what) of a msgspec validation error: `findings[0].rule`, "missing"."""
    message, path = _message_and_path(exc)
    missing = _MISSING.match(message)
    if missing:
        path, message = f"{path}.{missing['field']}", "missing"
    where = f"{prefix}{path}" if path.startswith("[") or not prefix else f"{prefix}.{path.lstrip('.')}"
    message = message[:1].lower() + message[1:]
    return where.strip("."), message


def convert(data: Any, schema: type[T], file: object, expected: Mapping[str, str],
            error: type[InputError] = InputError) -> T:
    """`data` (a parsed file) as `schema`, or `error` "FILE: field 'X': MESSAGE" with the field's own words."""
    try:
        return msgspec.convert(data, schema)
    except msgspec.ValidationError as exc:
        raise error(f"{file}: {field_problem(exc, data, schema, expected)}") from None


def field_problem(exc: msgspec.ValidationError, data: Any, schema: Any, expected: Mapping[str, str]) -> str:
    """"field 'X': MESSAGE" for a validation error of `data` against `schema`: MESSAGE is the words `expected`
    gives the field or the nearest table above it (`{value!r}`: the value found there), else msgspec's own."""
    message, path = _message_and_path(exc)
    steps = _walk(path, data, schema)
    for pattern, key in ((_MISSING, None), (_UNKNOWN, "?")):
        extra = pattern.match(message)
        if extra:
            steps.append((extra["field"], key or extra["field"], None))
    for depth in range(len(steps), 0, -1):
        words = expected.get(_spelled(key for _, key, _ in steps[:depth]))
        if words is not None and steps[depth - 1][1] != "[]":
            where = _spelled(name for name, _, _ in steps[:depth])
            return f"field '{where}': {words.format(value=steps[depth - 1][2])}"
    return f"field '{_spelled(name for name, _, _ in steps)}': {message[:1].lower() + message[1:]}"


def _message_and_path(exc: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec's "Expected `int`, got `str` - at `$.a[0]`" as ("Expected `int`, got `str`", ".a[0]")."""
    match = _AT.match(str(exc))
    return (match["message"], match["path"] or "") if match else (str(exc), "")


def _spelled(names: Iterable[str]) -> str:
    """`variants.original.lines`, `original[0].text`: names joined as a TOML path, list entries in brackets."""
    return "".join(name if name.startswith("[") else f".{name}" for name in names).lstrip(".")


def _walk(path: str, data: Any, schema: Any) -> list[tuple[str, str, Any]]:
    """msgspec's `path` as steps (name as the file spells it, as `expected` spells it, the value there); a table
    key msgspec writes `[...]` is found: the first key whose value does not fit the table's value type."""
    steps = []
    for step in _STEP.finditer(path):
        schema = _unwrapped(schema)
        if step["name"] is not None:
            fields = {f.encode_name: f.type for f in msgspec.structs.fields(schema)} if _is_struct(schema) else {}
            name = key = step["name"]
            schema = fields.get(name, Any)
        elif step["index"] == "...":
            schema = typing.get_args(schema)[1] if typing.get_origin(schema) is dict else Any
            table = data.items() if isinstance(data, dict) else ()
            name = next((k for k, v in table if not _fits(v, schema)), "...")
            key = "*"
        else:
            name, key = f"[{step['index']}]", "[]"
            schema = (typing.get_args(schema) or (Any,))[0]
            data = data[int(step["index"])] if isinstance(data, list) else None
            steps.append((name, key, data))
            continue
        data = data.get(name) if isinstance(data, dict) else None
        steps.append((name, key, data))
    return steps


def _unwrapped(schema: Any) -> Any:
    """The type a value is checked against, Annotated and Optional taken off."""
    while True:
        origin = typing.get_origin(schema)
        if origin is Annotated:
            schema = typing.get_args(schema)[0]
        elif origin in (typing.Union, types.UnionType):
            kinds = [t for t in typing.get_args(schema) if t not in (type(None), msgspec.UnsetType)]
            schema = next((t for t in kinds if _is_struct(t) or typing.get_origin(t) in (dict, list)), kinds[0])
        else:
            return schema


def _is_struct(schema: Any) -> bool:
    return isinstance(schema, type) and issubclass(schema, msgspec.Struct)


def _fits(value: Any, schema: Any) -> bool:
    try:
        msgspec.convert(value, schema)
    except msgspec.ValidationError:
        return False
    return True
