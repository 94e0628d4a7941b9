"""SDL, statement deletion: a statement is removed; a block it leaves empty gets `pass`.

A block reduced to `pass` reads as a stub anyone sees, so the default corpus drops those deletions: a kept
deletion leaves no trace on the page but what the code no longer does."""

from __future__ import annotations

from redpen_bench.generate.mutation_operators.common import MISSING, Example, Site

CODE = "SDL"
VOCABULARY: dict[str, tuple[str, ...]] = {"delete": MISSING}
LABELS = {"delete": "statement deleted"}


def obvious(site: Site) -> str:
    return "block reduced to pass" if site.mutated == "pass" else ""


def examples() -> list[Example]:
    return [
        Example("def f(a):\n    a.sort()\n    return a[0]\n", "delete", "def f(a):\n    return a[0]\n"),
        Example("def f(a):\n    if a:\n        a.clear()\n    return a\n", "delete",
                "def f(a):\n    if a:\n        pass\n    return a\n", "block reduced to pass"),
    ]
