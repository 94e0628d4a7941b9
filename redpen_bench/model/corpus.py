"""Load a corpus in format v1 (corpus/FORMAT.md) into typed, immutable models.

The loader knows nothing of reviewers or scores: it reads files, checks the contract and hashes.
"""

from __future__ import annotations

import fnmatch
import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from redpen_bench.model.code_style import as_table
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
from redpen_bench.model.corpus_toml import read_corpus_toml, read_generic_explanations
from redpen_bench.model.item_fields import DEFECTIVE_VARIANTS, ItemToml, read_explanations, read_item_toml
from redpen_bench.model.lines import count_lines

SCORED_VARIANTS = ("original", "disguised", "fixed", "clean")
REPAIR_OF = {"original": "fixed", "disguised": "disguised_fixed"}
DEFAULT_TIERS = ("easy", "medium", "hard")
EXPLANATIONS_FILE = "explanations.toml"
GENERIC_EXPLANATIONS_FILE = "generic-explanations.toml"
SINGLE_FAULT_GLOB = "only_fault*.py"


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
    code_style: dict | None = field(default=None, repr=False)  # corpus.toml [code_style]: what tools lint with
    harvested: dict | None = field(default=None, repr=False)  # corpus.toml [harvested]: made by `harvest`

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
        } | ({"harvested": {k: self.harvested.get(k) for k in ("repository", "first_fix", "last_fix")}}
             if self.harvested else {})


def _explanations(folder: Path, n_lines: dict[str, int], files: dict[str, bytes]
                  ) -> dict[str, tuple[Explanation, ...]]:
    """explanations.toml (optional): its [[original]] / [[disguised]] tables, for the defective variants present."""
    path = folder / EXPLANATIONS_FILE
    if path.name not in files:
        return {}
    data = read_toml(path, files)
    defective = {name: n for name, n in n_lines.items() if name in DEFECTIVE_VARIANTS}
    explanations = read_explanations(data, path, defective)
    return {name: tuple(Explanation(e.style, tuple(e.lines), e.text) for e in getattr(explanations, name))
            for name in data}


def _generic_explanations(root: Path) -> tuple[str, ...]:
    path = root / GENERIC_EXPLANATIONS_FILE
    return read_generic_explanations(read_toml(path), path) if path.is_file() else ()


def _load_item(folder: Path, tiers: tuple[str, ...] | None, files: dict[str, bytes]) -> Item:
    toml_path = folder / "item.toml"
    data = read_toml(toml_path, files)
    toml = read_item_toml(data, toml_path)
    if toml.id != folder.name:
        other = folder.parent / toml.id
        raise CorpusError(f"{toml_path}: field 'id': duplicate id '{toml.id}' (it is also {other})" if other.is_dir()
                          else f"{toml_path}: field 'id': '{toml.id}' differs from its folder name '{folder.name}'")
    if tiers is not None and toml.tier not in tiers:
        raise CorpusError(f"{toml_path}: field 'tier': '{toml.tier}' is not one of the corpus tiers {list(tiers)}")
    variants, n_lines = _variants(folder, toml, files)
    if "disguised" in variants and "disguised_fixed.py" not in files:
        raise CorpusError(f"{folder / 'disguised_fixed.py'}: file missing (disguised.py needs its repair)")
    if "test_item.py" not in files:
        raise CorpusError(f"{folder / 'test_item.py'}: file missing")
    return Item(
        id=toml.id,
        title=toml.title,
        tier=toml.tier,
        operators=tuple(toml.operators),
        description=toml.description,
        folder=folder,
        variants=variants,
        explanations=_explanations(folder, n_lines, files),
        single_faults=tuple(sorted(folder / n for n in files
                                   if "/" not in n and fnmatch.fnmatchcase(n, SINGLE_FAULT_GLOB))),
        cluster=toml.provenance.cluster,
        provenance=data.get("provenance", {}),
    )


def _variants(folder: Path, toml: ItemToml, files: dict[str, bytes]) -> tuple[dict[str, Variant], dict[str, int]]:
    """The scored variants present, in SCORED_VARIANTS order, and their line counts; each defective one with
    its table of item.toml, and a table only for a file present."""
    toml_path = folder / "item.toml"
    variants: dict[str, Variant] = {}
    n_lines: dict[str, int] = {}
    for name in SCORED_VARIANTS:
        path = folder / f"{name}.py"
        table = toml.table(name) if name in DEFECTIVE_VARIANTS else None
        if path.name not in files:
            if name in ("original", "fixed") or table is not None:
                raise CorpusError(f"{path}: file missing")
            continue
        n_lines[name] = count_lines(read_text(path, files[path.name]))  # an unreadable control fails here
        digest = sha256_bytes(files[path.name])
        if name not in DEFECTIVE_VARIANTS:
            variants[name] = Variant(toml.id, name, path, digest)
        elif table is None:
            raise CorpusError(f"{toml_path}: field 'variants.{name}': missing for {name}.py")
        else:
            truth = table.checked(f"variants.{name}", toml_path, n_lines[name])
            variants[name] = Variant(toml.id, name, path, digest, *truth)
    return variants, n_lines


def load_corpus(root: str | Path | None = None) -> Corpus:
    """Read and check a corpus folder; raise CorpusError naming the file and field on bad input."""
    root = Path(root) if root is not None else default_corpus_path()
    if not root.is_dir():
        raise CorpusError(f"{root}: corpus folder not found")
    real_root = root.resolve()
    for path in (root / "items", *root.glob("*.toml")):
        if path.is_symlink():
            check_link(path, real_root)
    meta = read_corpus_toml(read_toml(root / "corpus.toml"), root / "corpus.toml")
    items_dir = root / "items"
    if not items_dir.is_dir():
        raise CorpusError(f"{items_dir}: folder missing")
    items, item_hashes = [], {}  # every file that can change what a result means: all item files
    for folder in sorted(p for p in items_dir.iterdir() if p.is_dir()):
        if folder.is_symlink():
            check_link(folder, real_root)
        files = read_folder(folder, real_root)  # read once, hashed and parsed from memory, then let go
        items.append(_load_item(folder, tuple(meta.tiers) if meta.tiers else None, files))
        item_hashes |= {f"items/{folder.name}/{name}": sha256_bytes(data) for name, data in files.items()}
    if not items:
        raise CorpusError(f"{items_dir}: no items")
    tiers = tuple(meta.tiers) if meta.tiers else _tiers_found(items)
    items.sort(key=lambda i: (tiers.index(i.tier), i.id))

    file_hashes = {path.name: sha256_file(path) for path in sorted(root.glob("*.toml"))  # and the corpus's TOML
                   if path.is_file() and not path.name.startswith(".")}
    return Corpus(
        root=root.resolve(),
        name=meta.name,
        version=str(meta.version),
        description=meta.description,
        license=meta.license,
        tiers=tiers,
        canary=meta.canary,
        items=tuple(items),
        file_hashes=file_hashes | item_hashes,
        generic_explanations=_generic_explanations(root),
        generated=meta.generated,
        code_style=as_table(meta.code_style),
        harvested=meta.harvested,
    )


def _tiers_found(items: list[Item]) -> tuple[str, ...]:
    """The tiers of a corpus.toml without `tiers`: in order of first appearance, the usual three first."""
    seen = [t for t in DEFAULT_TIERS if any(i.tier == t for i in items)]
    return (*seen, *sorted({i.tier for i in items} - set(seen)))
