"""item.toml (corpus/FORMAT.md) as a typed model: its fields and their types in `ItemToml` (msgspec, strict), what
an error says about each field in `ITEM_EXPECTED`, and the checks types cannot say (a line inside its file, a site
key that is a planted line, a phrase that is not empty once normalised). Errors name the file and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec

from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.keywords import normalised_phrase
from redpen_bench.model.operators import HAND_WRITTEN, MUTATION, NAMES, RENAMED
from redpen_bench.model.typed import NonEmptyText, convert

DEFECTIVE_VARIANTS = ("original", "disguised")
KNOWN_OPERATORS = HAND_WRITTEN
# the further operator families `redpen-bench mutate` plants (model/operators.py)
MUTATION_OPERATORS = tuple(code for code in MUTATION if code not in KNOWN_OPERATORS)

_Lines = Annotated[list[int], msgspec.Meta(min_length=1)]
# a phrase with only blanks is refused in `checked`, with the phrases empty once normalised: a regex per phrase
# here (NonEmptyText) made reading item.toml twice as slow as the hand-written check it replaced
_KeywordGroup = Annotated[list[Annotated[str, msgspec.Meta(min_length=1)]], msgspec.Meta(min_length=1)]


class VariantTable(msgspec.Struct, frozen=True):
    """[variants.original] / [variants.disguised]: the ground truth of a defective variant (other keys pass)."""

    lines: _Lines
    keywords: Annotated[list[_KeywordGroup], msgspec.Meta(min_length=1)]
    sites: dict[str, _Lines] = {}  # planted line -> other lines that count as the same defect site

    def checked(self, where: str, path: Path, n_lines: int
                ) -> tuple[tuple[int, ...], tuple[tuple[str, ...], ...], tuple[frozenset[int], ...]]:
        """(planted lines, keyword groups, one site per planted line) of a file of `n_lines` lines."""
        for n in self.lines:
            if not 1 <= n <= n_lines:
                raise CorpusError(f"{path}: field '{where}.lines': line {n} is outside the file (1..{n_lines})")
        phrases = [p for group in self.keywords for p in group]
        if not all(map(str.strip, phrases)):
            raise CorpusError(f"{path}: field '{where}.keywords': {ITEM_EXPECTED[f'{where}.keywords']}")
        if not all(map(normalised_phrase, phrases)):
            phrase = next(p for p in phrases if not normalised_phrase(p))
            raise CorpusError(f"{path}: field '{where}.keywords': phrase {phrase!r} is empty once normalised")
        planted = tuple(sorted(set(self.lines)))
        for key, others in self.sites.items():
            if not key.isdigit() or int(key) not in planted:
                raise CorpusError(f"{path}: field '{where}.sites.{key}': not one of the planted lines "
                                  f"{list(planted)}")
            outside = [n for n in others if not 1 <= n <= n_lines]
            if outside:
                raise CorpusError(f"{path}: field '{where}.sites.{key}': lines {outside} are outside the file "
                                  f"(1..{n_lines})")
        sites = tuple(frozenset({line, *self.sites.get(str(line), ())}) for line in planted)
        return planted, tuple(tuple(g) for g in self.keywords), sites


class VariantTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    original: VariantTable | None = None
    disguised: VariantTable | None = None


class Provenance(msgspec.Struct, frozen=True):
    """[provenance] of a generated item: where the mutant came from (other keys pass, kept as the table)."""

    cluster: str = ""  # items of one source function resample together


class ItemToml(msgspec.Struct, frozen=True):
    """An item.toml; keys it does not know pass, as they always have."""

    id: NonEmptyText
    title: NonEmptyText
    tier: NonEmptyText
    description: NonEmptyText
    operators: Annotated[list[str], msgspec.Meta(min_length=1)]
    provenance: Provenance = Provenance()
    variants: VariantTables = VariantTables()

    def table(self, name: str) -> VariantTable | None:
        return getattr(self.variants, name)


_STRING = "expected a non-empty string, got {value!r}"
ITEM_EXPECTED = {
    "id": _STRING, "title": _STRING, "tier": _STRING, "description": _STRING,
    "operators": "expected a non-empty list of operator names",
    "provenance": "expected a table whose 'cluster' is a string",
    "variants": "expected tables [variants.original] ...",
    "variants.?": "only original and disguised carry a table",
}
for _name in DEFECTIVE_VARIANTS:
    ITEM_EXPECTED |= {
        f"variants.{_name}": f"expected a table [variants.{_name}]",
        f"variants.{_name}.lines": "expected a non-empty list of line numbers",
        f"variants.{_name}.keywords": "expected a non-empty list of non-empty phrase lists",
        f"variants.{_name}.sites": "expected a table {{ planted line = [other lines] }}",
        f"variants.{_name}.sites.*": "expected a non-empty list of line numbers",
    }


def read_item_toml(data: dict, path: Path) -> ItemToml:
    """A parsed item.toml as an ItemToml, its operators known; CorpusError naming the file and the field."""
    item = convert(data, ItemToml, path, ITEM_EXPECTED, CorpusError)
    renamed = next((o for o in item.operators if o in RENAMED), None)
    if renamed:
        raise CorpusError(f"{path}: field 'operators': '{renamed}' is now '{RENAMED[renamed]}' "
                          f"({NAMES[RENAMED[renamed]]}) since corpus format 1.2")
    unknown = [o for o in item.operators if o not in KNOWN_OPERATORS + MUTATION_OPERATORS]
    if unknown:
        raise CorpusError(f"{path}: field 'operators': unknown {unknown}; known: "
                          f"{list(KNOWN_OPERATORS + MUTATION_OPERATORS)}")
    return item


class ExplanationEntry(msgspec.Struct, frozen=True):
    """One [[original]] / [[disguised]] table of explanations.toml: a natural correct explanation (other keys
    pass)."""

    text: NonEmptyText
    style: str = ""
    lines: list[int] = []  # the lines this explanation would name


class ExplanationsToml(msgspec.Struct, frozen=True):
    original: list[ExplanationEntry] = []
    disguised: list[ExplanationEntry] = []


def read_explanations(data: dict, path: Path, n_lines: dict[str, int]) -> ExplanationsToml:
    """A parsed explanations.toml; `n_lines`: the defective variants present and their line counts."""
    for name in data:
        if name not in n_lines:
            raise CorpusError(f"{path}: field '{name}': explanations are for the defective variants present "
                              f"{list(n_lines)}")
    expected = {}
    for name, n in n_lines.items():
        expected |= {name: f"expected [[{name}]] tables", f"{name}[].text": "expected a non-empty string",
                     f"{name}[].style": "expected a string",
                     f"{name}[].lines": f"expected line numbers of {name}.py (1..{n})"}
    explanations = convert(data, ExplanationsToml, path, expected, CorpusError)
    for name, n in n_lines.items():
        for i, entry in enumerate(getattr(explanations, name)):
            if not all(1 <= line <= n for line in entry.lines):
                raise CorpusError(f"{path}: field '{name}[{i}].lines': {expected[f'{name}[].lines']}")
    return explanations
