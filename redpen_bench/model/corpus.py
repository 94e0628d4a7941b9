"""Load a corpus in format v1 (corpus/FORMAT.md) into typed, immutable models.

The loader knows nothing of reviewers or scores: it reads files, checks the contract and hashes.
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from redpen_bench.model.corpus_files import (
    CorpusError,
    check_link,
    default_corpus_path,
    read_folder,
    read_text,
    read_toml,
    sha256_bytes,
    sha256_file,
)
from redpen_bench.model.item_fields import keyword_groups, planted_lines, site_lines, string_field
from redpen_bench.model.operators import HAND_WRITTEN, MUTATION, NAMES, RENAMED

SCORED_VARIANTS = ("original", "disguised", "fixed", "clean")
DEFECTIVE_VARIANTS = ("original", "disguised")
REPAIR_OF = {"original": "fixed", "disguised": "disguised_fixed"}
KNOWN_OPERATORS = HAND_WRITTEN
# the further operator families `redpen-bench mutate` plants (model/operators.py)
MUTATION_OPERATORS = tuple(code for code in MUTATION if code not in KNOWN_OPERATORS)
DEFAULT_TIERS = ("easy", "medium", "hard")
EXPLANATIONS_FILE = "explanations.toml"
GENERIC_EXPLANATIONS_FILE = "generic-explanations.toml"
SINGLE_FAULT_GLOB = "only_fault*.py"
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


@dataclass(frozen=True)
class Variant:
    """One file of an item. Scored variants are what reviewers see."""

    item_id: str
    name: str
    path: Path
    sha256: str
    planted_lines: tuple[int, ...] = ()
    keywords: tuple[tuple[str, ...], ...] = ()
    sites: tuple[frozenset[int], ...] = ()  # one per planted line: it and the lines that count as the same site

    @property
    def defective(self) -> bool:
        return self.name in DEFECTIVE_VARIANTS

    @property
    def rel_path(self) -> str:
        return f"items/{self.item_id}/{self.name}.py"

    @property
    def text(self) -> str:
        return read_text(self.path)


@dataclass(frozen=True)
class Explanation:
    """A natural correct explanation of a defective variant: a regression fixture for its keywords and sites."""

    style: str
    lines: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class Item:
    id: str
    title: str
    tier: str
    operators: tuple[str, ...]
    description: str
    folder: Path
    variants: dict[str, Variant]  # scored variants present, in SCORED_VARIANTS order
    explanations: dict[str, tuple[Explanation, ...]] = field(default_factory=dict)  # per defective variant
    single_faults: tuple[Path, ...] = ()  # only_fault*.py: original with one of its faults (gate only)
    cluster: str = ""  # [provenance] cluster of a generated item: items of one source function resample together
    provenance: dict = field(default_factory=dict, repr=False)  # generated items: where the mutant came from

    @property
    def test_path(self) -> Path:
        return self.folder / "test_item.py"

    def file(self, name: str) -> Path:
        return self.folder / f"{name}.py"


@dataclass(frozen=True)
class Corpus:
    root: Path
    name: str
    version: str
    description: str
    license: str
    tiers: tuple[str, ...]
    canary: str
    items: tuple[Item, ...]
    file_hashes: dict[str, str] = field(repr=False)
    generic_explanations: tuple[str, ...] = ()  # bug vocabulary with no item specifics: must score low
    generated: dict | None = field(default=None, repr=False)  # corpus.toml [generated]: made by `mutate`

    @cached_property
    def hash(self) -> str:
        lines = "".join(f"{path}\t{digest}\n" for path, digest in sorted(self.file_hashes.items()))
        return hashlib.sha256(lines.encode()).hexdigest()

    @property
    def snippets(self) -> list[Variant]:
        """Every scored file, item by item, in variant order."""
        return [v for item in self.items for v in item.variants.values()]

    @cached_property
    def _items_by_id(self) -> dict[str, Item]:
        return {item.id: item for item in self.items}

    def item(self, item_id: str) -> Item:
        """The item of that id (KeyError when there is none): a lookup, not a scan, for every row imported."""
        return self._items_by_id[item_id]

    def summary(self) -> dict:
        return {
            "name": self.name,
            "version": self.version,
            "hash": self.hash,
            "items": len(self.items),
            "snippets": len(self.snippets),
        }


def _explanations(folder: Path, defective: dict[str, int], files: dict[str, bytes]
                  ) -> dict[str, tuple[Explanation, ...]]:
    """explanations.toml: [[original]] / [[disguised]] tables of style, lines, text (optional file)."""
    path = folder / EXPLANATIONS_FILE
    if path.name not in files:
        return {}
    data = read_toml(path, files)
    out = {}
    for name, entries in data.items():
        if name not in defective:
            raise CorpusError(f"{path}: field '{name}': explanations are for the defective variants present "
                              f"{list(defective)}")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise CorpusError(f"{path}: field '{name}': expected [[{name}]] tables")
        parsed = []
        for i, entry in enumerate(entries):
            where = f"{name}[{i}]"
            text, style, lines = entry.get("text"), entry.get("style", ""), entry.get("lines", [])
            if not isinstance(text, str) or not text.strip():
                raise CorpusError(f"{path}: field '{where}.text': expected a non-empty string")
            if not isinstance(style, str):
                raise CorpusError(f"{path}: field '{where}.style': expected a string")
            if not isinstance(lines, list) or not all(type(n) is int and 1 <= n <= defective[name] for n in lines):
                raise CorpusError(f"{path}: field '{where}.lines': expected line numbers of {name}.py "
                                  f"(1..{defective[name]})")
            parsed.append(Explanation(style, tuple(lines), text))
        out[name] = tuple(parsed)
    return out


def _generic_explanations(root: Path) -> tuple[str, ...]:
    path = root / GENERIC_EXPLANATIONS_FILE
    if not path.is_file():
        return ()
    entries = read_toml(path).get("explanation", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("text"), str)
                                                for e in entries):
        raise CorpusError(f"{path}: field 'explanation': expected [[explanation]] tables with a string 'text'")
    return tuple(e["text"] for e in entries)


def _load_item(folder: Path, tiers: tuple[str, ...] | None, files: dict[str, bytes]) -> Item:
    toml_path = folder / "item.toml"
    data = read_toml(toml_path, files)
    item_id = string_field(data, "id", toml_path)
    if item_id != folder.name:
        if (folder.parent / item_id).is_dir():
            other = folder.parent / item_id
            raise CorpusError(f"{toml_path}: field 'id': duplicate id '{item_id}' (it is also {other})")
        raise CorpusError(f"{toml_path}: field 'id': '{item_id}' differs from its folder name '{folder.name}'")
    tier = string_field(data, "tier", toml_path)
    if tiers is not None and tier not in tiers:
        raise CorpusError(f"{toml_path}: field 'tier': '{tier}' is not one of the corpus tiers {list(tiers)}")
    operators = data.get("operators", [])
    if not isinstance(operators, list) or not operators or not all(isinstance(o, str) for o in operators):
        raise CorpusError(f"{toml_path}: field 'operators': expected a non-empty list of operator names")
    renamed = next((o for o in operators if o in RENAMED), None)
    if renamed:
        raise CorpusError(f"{toml_path}: field 'operators': '{renamed}' is now '{RENAMED[renamed]}' "
                          f"({NAMES[RENAMED[renamed]]}) since corpus format 1.2")
    unknown = [o for o in operators if o not in KNOWN_OPERATORS + MUTATION_OPERATORS]
    if unknown:
        raise CorpusError(f"{toml_path}: field 'operators': unknown {unknown}; known: "
                          f"{list(KNOWN_OPERATORS + MUTATION_OPERATORS)}")
    provenance = data.get("provenance", {})
    if not isinstance(provenance, dict) or not isinstance(provenance.get("cluster", ""), str):
        raise CorpusError(f"{toml_path}: field 'provenance': expected a table whose 'cluster' is a string")
    tables = data.get("variants", {})
    if not isinstance(tables, dict):
        raise CorpusError(f"{toml_path}: field 'variants': expected tables [variants.original] ...")
    for name in tables:
        if name not in DEFECTIVE_VARIANTS:
            raise CorpusError(f"{toml_path}: field 'variants.{name}': only original and disguised carry a table")

    variants: dict[str, Variant] = {}
    n_lines: dict[str, int] = {}
    for name in SCORED_VARIANTS:
        path = folder / f"{name}.py"
        required = name in ("original", "fixed")
        if path.name not in files:
            if required or name in tables:
                raise CorpusError(f"{path}: file missing")
            continue
        if name in DEFECTIVE_VARIANTS:
            where = f"variants.{name}"
            table = tables.get(name)
            if not isinstance(table, dict):
                raise CorpusError(f"{toml_path}: field '{where}': missing for {name}.py")
            n_lines[name] = len(read_text(path, files[path.name]).splitlines())
            lines = planted_lines(table, where, toml_path, n_lines[name])
            keywords = keyword_groups(table, where, toml_path)
            sites = site_lines(table, where, toml_path, lines, n_lines[name])
            variants[name] = Variant(item_id, name, path, sha256_bytes(files[path.name]), lines, keywords, sites)
        else:
            n_lines[name] = len(read_text(path, files[path.name]).splitlines())  # an unreadable control fails here
            variants[name] = Variant(item_id, name, path, sha256_bytes(files[path.name]))
    if "disguised" in variants and "disguised_fixed.py" not in files:
        raise CorpusError(f"{folder / 'disguised_fixed.py'}: file missing (disguised.py needs its repair)")
    if "test_item.py" not in files:
        raise CorpusError(f"{folder / 'test_item.py'}: file missing")
    return Item(
        id=item_id,
        title=string_field(data, "title", toml_path),
        tier=tier,
        operators=tuple(operators),
        description=string_field(data, "description", toml_path),
        folder=folder,
        variants=variants,
        explanations=_explanations(folder, n_lines, files),
        single_faults=tuple(sorted(folder / n for n in files
                                   if "/" not in n and fnmatch.fnmatchcase(n, SINGLE_FAULT_GLOB))),
        cluster=provenance.get("cluster", ""),
        provenance=provenance,
    )


def load_corpus(root: str | Path | None = None) -> Corpus:
    """Read and check a corpus folder; raise CorpusError naming the file and field on bad input."""
    root = Path(root) if root is not None else default_corpus_path()
    if not root.is_dir():
        raise CorpusError(f"{root}: corpus folder not found")
    real_root = root.resolve()
    for path in (root / "items", *root.glob("*.toml")):
        if path.is_symlink():
            check_link(path, real_root)
    meta_path = root / "corpus.toml"
    meta = read_toml(meta_path)
    declared = meta.get("tiers")
    if declared is not None and (
        not isinstance(declared, list) or not declared or not all(isinstance(t, str) for t in declared)
    ):
        raise CorpusError(f"{meta_path}: field 'tiers': expected a non-empty list of tier names")
    tiers = tuple(declared) if declared else None
    generated = meta.get("generated")
    if generated is not None and not isinstance(generated, dict):
        raise CorpusError(f"{meta_path}: field 'generated': expected a table [generated]")
    items_dir = root / "items"
    if not items_dir.is_dir():
        raise CorpusError(f"{items_dir}: folder missing")
    items, item_hashes = [], {}  # every file that can change what a result means: all item files
    for folder in sorted(p for p in items_dir.iterdir() if p.is_dir()):
        if folder.is_symlink():
            check_link(folder, real_root)
        files = read_folder(folder, real_root)  # read once, hashed and parsed from memory, then let go
        items.append(_load_item(folder, tiers, files))
        item_hashes |= {f"items/{folder.name}/{name}": sha256_bytes(data) for name, data in files.items()}
    if not items:
        raise CorpusError(f"{items_dir}: no items")
    if tiers is None:  # tiers in order of first appearance, the usual three first
        seen = [t for t in DEFAULT_TIERS if any(i.tier == t for i in items)]
        seen += sorted({i.tier for i in items} - set(seen))
        tiers = tuple(seen)
    items.sort(key=lambda i: (tiers.index(i.tier), i.id))

    file_hashes = {}  # and the corpus-level TOML
    for path in sorted(root.glob("*.toml")):
        if path.is_file() and not path.name.startswith("."):
            file_hashes[path.relative_to(root).as_posix()] = sha256_file(path)
    file_hashes |= item_hashes
    name = string_field(meta, "name", meta_path)
    if not SAFE_NAME.fullmatch(name):  # it names run and report folders: never a path
        raise CorpusError(f"{meta_path}: field 'name': {name!r} is not a plain name (letters, digits, '.', '_', "
                          "'-'; starting with a letter or digit)")
    return Corpus(
        root=root.resolve(),
        name=name,
        version=str(meta.get("version", "0")),
        description=string_field(meta, "description", meta_path, required=False),
        license=string_field(meta, "license", meta_path, required=False),
        tiers=tiers,
        canary=string_field(meta, "canary", meta_path, required=False),
        items=tuple(items),
        file_hashes=file_hashes,
        generic_explanations=_generic_explanations(root),
        generated=generated,
    )
