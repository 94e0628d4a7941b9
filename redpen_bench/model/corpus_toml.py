"""corpus.toml (corpus/FORMAT.md) as a typed model: `CorpusToml` (msgspec, strict), what an error says about each
field, and the name check (the corpus's name becomes run and report folder names). Keys it does not know pass."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec

from redpen_bench.model.code_style import CODE_STYLE_EXPECTED, CodeStyle
from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.typed import PLAIN_NAME_WORDS, NonEmptyText, convert, is_plain_name


class CorpusToml(msgspec.Struct, frozen=True):
    name: NonEmptyText
    version: str | int | float = "0"
    description: str = ""
    license: str = ""
    canary: str = ""
    tiers: Annotated[list[str], msgspec.Meta(min_length=1)] | None = None  # in report order; else as found
    generated: dict[str, Any] | None = None  # [generated]: a corpus `redpen-bench mutate` made
    code_style: CodeStyle | None = None  # [code_style]: the project's style settings its snippets are linted with
    harvested: dict[str, Any] | None = None  # [harvested]: a corpus `redpen-bench harvest` made


_OPTIONAL = "expected a string, got {value!r}"
CORPUS_EXPECTED = {
    "name": "expected a non-empty string, got {value!r}",
    "version": "expected a string or a number, got {value!r}",
    "description": _OPTIONAL, "license": _OPTIONAL, "canary": _OPTIONAL,
    "tiers": "expected a non-empty list of tier names",
    "generated": "expected a table [generated]",
    **CODE_STYLE_EXPECTED,
    "harvested": "expected a table [harvested]",
}


def read_corpus_toml(data: dict, path: Path) -> CorpusToml:
    """A parsed corpus.toml as a CorpusToml; CorpusError naming the file and the field."""
    meta = convert(data, CorpusToml, path, CORPUS_EXPECTED, CorpusError)
    if not is_plain_name(meta.name):  # it names run and report folders: never a path
        raise CorpusError(f"{path}: field 'name': {meta.name!r} is not a plain name ({PLAIN_NAME_WORDS})")
    return meta


class GenericExplanation(msgspec.Struct, frozen=True):
    text: str


class GenericExplanationsToml(msgspec.Struct, frozen=True):
    """generic-explanations.toml: bug vocabulary with no item specifics, which must score low (other keys pass)."""

    explanation: list[GenericExplanation] = []


def read_generic_explanations(data: dict, path: Path) -> tuple[str, ...]:
    words = "expected [[explanation]] tables with a string 'text'"
    generic = convert(data, GenericExplanationsToml, path, {"explanation": words}, CorpusError)
    return tuple(e.text for e in generic.explanation)
