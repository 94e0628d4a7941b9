"""COI, condition inversion: `if c:` -> `if not (c):`, in elif and conditional expressions too."""

from __future__ import annotations

from redpen_bench.generate.mutation_operators.common import INVERTED, Example, Site

CODE = "COI"
VOCABULARY: dict[str, tuple[str, ...]] = {
    "invert": (*INVERTED, "if not", "the not", "a not", "wrong branch", "swapped branch", "instead of when",
               "when it should not", "should not be negat"),
}
LABELS = {"invert": "condition inverted"}


def obvious(site: Site) -> str:
    return ""


def examples() -> list[Example]:
    return [Example("def f(a, b):\n    if a > b:\n        return 1\n    return 0\n", "invert",
                    "def f(a, b):\n    if not (a > b):\n        return 1\n    return 0\n")]
