"""Small corpora and a CLI runner for the `mutate` end-to-end tests."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.corpus_factory import item_toml

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "redpen_bench", *args], capture_output=True, text=True, env=env,
                          cwd=cwd)


def shipped_items(tmp: Path, *ids: str) -> Path:
    root = tmp / "source"
    (root / "items").mkdir(parents=True)
    for name in ("corpus.toml", "generic-explanations.toml"):
        shutil.copy(ROOT / "corpus" / name, root / name)
    for item_id in ids:
        shutil.copytree(ROOT / "corpus" / "items" / item_id, root / "items" / item_id)
    return root


def synthetic_item(tmp: Path, fixed: str, check: str, original: str | None = None) -> Path:
    """A one-item corpus: fixed.py, a test_item.py with `check` as check_original."""
    root = tmp / "synthetic"
    folder = root / "items" / "x01-demo"
    folder.mkdir(parents=True)
    (root / "corpus.toml").write_text('name = "synthetic"\nversion = "1"\n', encoding="utf-8")
    (folder / "fixed.py").write_text(fixed, encoding="utf-8")
    original = original if original is not None else fixed.replace("+", "-", 1)
    (folder / "original.py").write_text(original, encoding="utf-8")
    line = next(i for i, (a, b) in enumerate(zip(original.splitlines(), fixed.splitlines()), 1) if a != b)
    (folder / "item.toml").write_text(item_toml("x01-demo", {"original": ([line], [["demo"]])}, title="demo",
                                                description="demo item"), encoding="utf-8")
    (folder / "test_item.py").write_text(check, encoding="utf-8")
    return root


LOOP = "def total(n):\n    i, s = 0, 0\n    while i < n:\n        s += i\n        i += 1\n    return s\n"


def looping_corpus(tmp: Path, timeout: str) -> Path:
    """`mutate --operators SDL` of a loop whose check sums it: deleting the increment loops for ever (a mutant
    killed by its timeout), deleting the sum is killed outright. The generated corpus's folder."""
    root = synthetic_item(tmp, LOOP, "def check_original(m):\n    assert m.total(4) == 6\n",
                          original=LOOP.replace("s += i", "s -= i"))
    out = tmp / "gen"
    made = cli("mutate", "--from-corpus", str(root), "--out", str(out), "--operators", "SDL", "--timeout", timeout)
    assert made.returncode == 0, made.stderr
    return out


def tree_digest(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def read_items(out: Path) -> dict[str, str]:
    return {p.parent.name: p.read_text(encoding="utf-8") for p in sorted((out / "items").glob("*/item.toml"))}
