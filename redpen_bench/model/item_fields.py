"""The fields of an item.toml, each read and checked against the contract (corpus/FORMAT.md); an error names the
file and the field."""

from __future__ import annotations

from pathlib import Path

from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.keywords import normalised_phrase


def string_field(data: dict, key: str, path: Path, required: bool = True) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise CorpusError(f"{path}: field '{key}': expected a non-empty string, got {value!r}")
    return value


def planted_lines(table: dict, where: str, path: Path, n_lines: int) -> tuple[int, ...]:
    lines = table.get("lines")
    if not isinstance(lines, list) or not lines or not all(type(n) is int for n in lines):
        raise CorpusError(f"{path}: field '{where}.lines': expected a non-empty list of line numbers")
    for n in lines:
        if not 1 <= n <= n_lines:
            raise CorpusError(f"{path}: field '{where}.lines': line {n} is outside the file (1..{n_lines})")
    return tuple(sorted(set(lines)))


def keyword_groups(table: dict, where: str, path: Path) -> tuple[tuple[str, ...], ...]:
    groups = table.get("keywords")
    ok = isinstance(groups, list) and groups and all(
        isinstance(g, list) and g and all(isinstance(p, str) and p.strip() for p in g) for g in groups
    )
    if not ok:
        raise CorpusError(f"{path}: field '{where}.keywords': expected a non-empty list of non-empty phrase lists")
    for group in groups:
        for phrase in group:
            if not normalised_phrase(phrase):
                raise CorpusError(f"{path}: field '{where}.keywords': phrase {phrase!r} is empty once normalised")
    return tuple(tuple(g) for g in groups)


def site_lines(table: dict, where: str, path: Path, planted: tuple[int, ...], n_lines: int) -> tuple[frozenset, ...]:
    """`sites = { 36 = [38] }`: other lines that count as the same defect site as planted line 36."""
    extra = table.get("sites", {})
    if not isinstance(extra, dict):
        raise CorpusError(f"{path}: field '{where}.sites': expected a table {{ planted line = [other lines] }}")
    for key, others in extra.items():
        if not key.isdigit() or int(key) not in planted:
            raise CorpusError(f"{path}: field '{where}.sites.{key}': not one of the planted lines {list(planted)}")
        if not isinstance(others, list) or not others or not all(type(n) is int for n in others):
            raise CorpusError(f"{path}: field '{where}.sites.{key}': expected a non-empty list of line numbers")
        outside = [n for n in others if not 1 <= n <= n_lines]
        if outside:
            raise CorpusError(f"{path}: field '{where}.sites.{key}': lines {outside} are outside the file "
                              f"(1..{n_lines})")
    return tuple(frozenset({line, *extra.get(str(line), ())}) for line in planted)
