"""Reading a corpus's files: every byte once, as UTF-8 text or TOML, symlinks that leave the corpus refused, and
hashed. Errors name the file."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import rtoml  # the one TOML reader (pyproject.toml says why)

from redpen_bench.errors import InputError


class CorpusError(InputError):
    """A corpus that breaks the format: names the file and the field."""


def sha256_file(path: Path) -> str:
    return sha256_bytes(path.read_bytes())


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def packaged_path(name: str) -> Path:
    """A data folder shipped with the project: beside the package in a clone, inside it in a wheel."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "_data" / name, package.parent / name):
        if candidate.is_dir():
            return candidate
    raise InputError(f"{name}/: not found beside the package nor inside it; reinstall redpen-bench")


def default_corpus_path() -> Path:
    return packaged_path("corpus")


def read_text(path: Path, data: bytes | None = None) -> str:
    """A corpus file as text (its bytes when already read); anything but UTF-8 is a CorpusError naming the file
    and the byte."""
    data = path.read_bytes() if data is None else data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: not UTF-8: byte {exc.start} ({data[exc.start:exc.start + 1]!r}): "
                          f"{exc.reason}") from None


def read_toml(path: Path, files: dict[str, bytes] | None = None) -> dict:
    """`files`: the folder's files already read (name -> bytes), as _load_item has them."""
    if not (path.name in files if files is not None else path.is_file()):
        raise CorpusError(f"{path}: file missing")
    try:
        return rtoml.loads(read_text(path, files[path.name] if files is not None else None))
    except rtoml.TomlParsingError as exc:
        raise CorpusError(f"{path}: malformed TOML: {exc}") from None


def read_folder(folder: Path, root: Path) -> dict[str, bytes]:
    """Every file of an item folder and its subfolders (dotfiles too; __pycache__ and *.pyc not), read once,
    by path relative to the folder: loading, hashing and checking a large corpus read each file two or three
    times, and globbed and stat-ed it besides. A symlink leading out of the corpus is refused."""
    files: dict[str, bytes] = {}
    pending = [("", folder, frozenset({os.path.realpath(folder)}))]
    while pending:
        prefix, current, above = pending.pop()
        with os.scandir(current) as entries:
            for e in entries:
                if e.is_symlink():
                    check_link(Path(e.path), root)
                if e.is_dir():
                    real = os.path.realpath(e.path)
                    if e.name != "__pycache__" and real not in above:  # a link back up would loop
                        pending.append((f"{prefix}{e.name}/", Path(e.path), above | {real}))
                elif e.is_file() and not e.name.endswith(".pyc"):
                    files[prefix + e.name] = _read_bytes(e.path)
    return files


def check_link(link: Path, root: Path) -> None:
    """Links inside the corpus may stay; one leading out (to a file elsewhere, to /proc/self/environ) would be
    read and sent to reviewers."""
    target = link.resolve()
    if not target.is_relative_to(root):
        raise CorpusError(f"{link}: symlink to {target}, outside the corpus folder {root}: refused")


def _read_bytes(path: str) -> bytes:
    with open(path, "rb") as file:  # not Path.read_bytes: building 18,000 Path objects cost half a second
        return file.read()


def authoring_corpus(corpus_dir: str | Path | None = None) -> Path:
    """The corpus `verify`, `new-item` and `corpus-readme` work on: the one given, else ./corpus when it holds a
    corpus.toml (the one being written), else the shipped corpus."""
    if corpus_dir is not None:
        return Path(corpus_dir)
    return Path("corpus") if Path("corpus/corpus.toml").is_file() else default_corpus_path()
