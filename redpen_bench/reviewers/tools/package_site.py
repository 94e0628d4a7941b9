"""Where a snippet of a package module is staged for a static analyzer: inside a copy of its own package.

A `mutate PROJECT` item's snippet is an excerpt of one module of the project (corpus/FORMAT.md, test_item.py).
Linted alone, in a folder with no package around it, it draws findings the same code draws nowhere in its
project: pylint's relative-beyond-top-level on every `from .x import y`, no-name-in-module and import-error on
what the package's other modules define, unused-argument on a method whose base class it can no longer see. So
such a snippet is staged as one more module of a copy of its package (every `.py` and `.pyi` file of the top
package, the module it came from included, unmodified), under its neutral name beside the module it came from
(a snippet of an `__init__.py` as the `__init__.py` of a copy of its package under that name):
relative and absolute imports of the package resolve to the package's real code, as they do in the project. The
tools are given only the snippet's path, so they report on it alone.

Where the package is: the item's [provenance] `project` (the project folder, relative to the corpus) and `source`
(the module's file, relative to the project), which `mutate` writes and the item's own check already reads. When
the project is not there, or the module is not in a package (no `__init__.py` beside it), the snippet is staged
alone, as every hand-written snippet is. What the package's files are enters the verdict cache's key (`digest`),
so an answer made with one package is never reused for a snippet staged in another, nor for one staged alone.
A tool run over such snippets stays on this machine (run/tool_batches.py): a distributed task carries file
contents, not packages. pylint puts each staged package's folder on its path for the whole run, so in a run that
mixes a project's snippets with hand-written ones the latter could import the project's package: a corpus is one
or the other.
"""

from __future__ import annotations

import hashlib
import shutil
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

_SOURCE_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True)
class PackageSite:
    import_root: Path  # the folder on sys.path that holds the top package (a src layout's src/)
    top: str  # the top package's folder name
    module_dir: str  # the folder of the module the snippet came from, relative to import_root ("pkg/sub")
    digest: str  # of the top package's source files, names and contents: a part of the cache key
    init: bool = False  # the module is its package's __init__.py

    def stage_init(self, root: Path, stem: str) -> Path:
        """A snippet of an `__init__.py` is an `__init__.py` too (pylint and ruff judge unused imports there
        apart): the folder of a copy of its package, named `stem`, beside the package in the staged copy; its
        relative imports find the copied siblings, its absolute ones the staged top package."""
        folder = self.stage(root).parent / stem
        package = self.import_root / self.module_dir
        for path in _package_files(package):
            if path != package / "__init__.py":
                dest = folder / path.relative_to(package)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, dest)
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def stage(self, root: Path) -> Path:
        """Copy the top package's source files under `root` (once per root); the folder a snippet goes in."""
        target = root / self.top
        if not target.exists():
            for path in _package_files(self.import_root / self.top):
                dest = target / path.relative_to(self.import_root / self.top)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, dest)
        return root / self.module_dir


def staged_path(stage: Path, roots: dict[Path, Path], site: PackageSite | None, name: str) -> Path:
    """Where a snippet staged as `name` goes under `stage`: there, alone, or in its package's copy (one per
    import root, `roots` remembers which)."""
    if site is None:
        return stage / name
    root = roots.setdefault(site.import_root, stage / f"p{len(roots)}")
    return site.stage_init(root, name.removesuffix(".py")) / "__init__.py" if site.init else site.stage(root) / name


def _package_files(top: Path) -> list[Path]:
    return sorted(p for p in top.rglob("*") if p.suffix in _SOURCE_SUFFIXES and p.is_file()
                  and "__pycache__" not in p.parts)


# Cached per path, as _site_of_item is per item: every profile of every tool asks for each snippet (its cache
# lookup and its staging), and resolving a path is a system call per folder, each of which has to win the GIL
# back from the reviewer threads beside it: 704 resolves took about 1 s of the pylint thread before its tool
# started, in a compare on the shipped corpus.
@lru_cache(maxsize=65536)
def site_of(snippet: Path) -> PackageSite | None:
    """The package the snippet at `snippet` (a corpus's items/<id>/<variant>.py) belongs in, or None."""
    return _site_of_item(snippet.resolve().parent / "item.toml")


@lru_cache(maxsize=4096)
def _site_of_item(item_toml: Path) -> PackageSite | None:
    try:
        provenance = tomllib.loads(item_toml.read_text(encoding="utf-8")).get("provenance", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None  # a hand-written snippet's item, or none: the loader reports a broken item.toml, not this
    project, source = provenance.get("project"), provenance.get("source")
    if not (isinstance(project, str) and isinstance(source, str)):
        return None
    return module_site((item_toml.parent.parent.parent / project / source).resolve())


def module_site(module: Path) -> PackageSite | None:
    """The package of the module file at `module` (absolute), or None: not a module of a package."""
    folder = module.parent
    if not (module.is_file() and (folder / "__init__.py").is_file()):
        return None
    while (folder.parent / "__init__.py").is_file():  # up to the top package
        folder = folder.parent
    return _site(folder.parent, folder.name, module.parent.relative_to(folder.parent).as_posix(),
                 module.name == "__init__.py")


@lru_cache(maxsize=256)
def _site(import_root: Path, top: str, module_dir: str, init: bool) -> PackageSite:
    digest = hashlib.sha256()
    for path in _package_files(import_root / top):
        digest.update(f"{path.relative_to(import_root).as_posix()}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return PackageSite(import_root, top, module_dir, digest.hexdigest(), init)
