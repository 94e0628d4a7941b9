"""A small git repository built commit by commit, one commit per kind of change `harvest` must tell apart."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

CALC = '''"""Small arithmetic helpers."""


def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return lo
    return x


def mean(values):
    total = 0
    for v in values:
        total += v
    return total / len(values)


def scale(values, factor):
    return [v * factor for v in values]
'''
TEXT = '''"""Text helpers."""


def initials(name):
    parts = name.split(" ")
    return "".join(p[0] for p in parts)


def shout(text):
    return text.upper()
'''
BASE_TESTS = '''from pkg.calc import clamp, mean


def test_clamp_low():
    assert clamp(-1, 0, 10) == 0


def test_mean():
    assert mean([1, 2, 3]) == 2
'''
ENV = {"GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.org", "GIT_COMMITTER_NAME": "A",
       "GIT_COMMITTER_EMAIL": "a@example.org"}


class Repo:
    def __init__(self, root: Path):
        self.root = root
        self.day = 0
        root.mkdir(parents=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        stamp = f"2024-01-{self.day + 1:02d}T12:00:00+00:00"
        env = os.environ | ENV | {"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
        return subprocess.run(["git", "-C", str(self.root), *args], check=True, capture_output=True, text=True,
                              env=env).stdout

    def commit(self, message: str, files: dict[str, str]) -> str:
        self.day += 1
        for path, text in files.items():
            target = self.root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD").strip()

    def read(self, path: str) -> str:
        return (self.root / path).read_text(encoding="utf-8")


def build(root: Path, counter: Path) -> dict[str, str]:
    """The repository, and each case's commit: case -> sha."""
    repo = Repo(root)
    sha = {"root": repo.commit("initial", {"pkg/__init__.py": "", "pkg/calc.py": CALC, "pkg/text.py": TEXT,
                                            "tests/test_calc.py": BASE_TESTS, "README.md": "calc\n"})}
    sha["fix"] = repo.commit("Fix clamp above the upper bound", {
        "pkg/calc.py": repo.read("pkg/calc.py").replace("    if x > hi:\n        return lo", "    if x > hi:\n"
                                                                                                  "        return hi"),
        "tests/test_calc.py": repo.read("tests/test_calc.py") + "\n\ndef test_clamp_high():\n"
                                                                "    assert clamp(11, 0, 10) == 10\n"})
    sha["feature"] = repo.commit("Add double", {
        "pkg/calc.py": repo.read("pkg/calc.py") + "\n\ndef double(x):\n    return 2 * x\n",
        "tests/test_double.py": "from pkg.calc import double\n\n\ndef test_double():\n    assert double(2) == 4\n"})
    sha["import"] = repo.commit("mean of nothing is zero", {
        "pkg/calc.py": repo.read("pkg/calc.py").replace(
            "    return total / len(values)\n",
            "    return _safe_div(total, len(values))\n\n\ndef _safe_div(a, b):\n    return a / b if b else 0\n"),
        "tests/test_mean.py": "from pkg.calc import _safe_div, mean\n\n\ndef test_mean_empty():\n"
                              "    assert mean([]) == 0\n    assert _safe_div(1, 0) == 0\n"})
    sha["docs"] = repo.commit("Document calc", {"README.md": "calc: small helpers\n"})
    sha["dependency"] = repo.commit("Fix scale of empty list, pin pytest", {
        "pkg/calc.py": repo.read("pkg/calc.py").replace("    return [v * factor for v in values]",
                                                        "    return [v * factor for v in values or []]"),
        "tests/test_scale.py": "from pkg.calc import scale\n\n\ndef test_scale_none():\n"
                               "    assert scale(None, 2) == []\n",
        "pyproject.toml": "[project]\nname = 'pkg'\nversion = '0'\n"})
    big = "".join(f"def test_shout_{i}():\n    assert shout('a{i}') == 'A{i}'\n\n\n" for i in range(80))
    sha["large"] = repo.commit("Fix shout of None", {
        "pkg/text.py": repo.read("pkg/text.py").replace("    return text.upper()",
                                                        "    return (text or '').upper()"),
        "tests/test_shout.py": "from pkg.text import shout\n\n\n" + big})
    # a flaky fix: its test passes or fails by a counter kept outside the tree, whatever the code does
    flaky = (f"from pathlib import Path\n\nfrom pkg.text import initials\n\nCOUNTER = Path({str(counter)!r})\n\n\n"
             "def test_initials_spaces():\n"
             "    n = int(COUNTER.read_text()) + 1 if COUNTER.exists() else 1\n"
             "    COUNTER.write_text(str(n))\n"
             "    assert n % 3 != 2 or initials('a  b') == 'ab'\n")
    sha["flaky"] = repo.commit("Fix initials of doubled spaces", {
        "pkg/text.py": repo.read("pkg/text.py").replace('name.split(" ")', "name.split()"),
        "tests/test_initials.py": flaky})
    # a fix on a branch, merged: walked through its branch
    repo.git("checkout", "-q", "-b", "topic")
    sha["merged"] = repo.commit("mean: skip None values", {
        "pkg/calc.py": repo.read("pkg/calc.py").replace("    for v in values:\n        total += v",
                                                        "    for v in values:\n        total += v or 0"),
        "tests/test_mean_none.py": "from pkg.calc import mean\n\n\ndef test_mean_none():\n"
                                   "    assert mean([2, None]) == 1\n"})
    repo.git("checkout", "-q", "main")
    repo.day += 1
    repo.git("merge", "-q", "--no-ff", "-m", "Merge topic", "topic")
    sha["merge"] = repo.git("rev-parse", "HEAD").strip()
    return sha
