"""UOI, unary operator insertion/deletion: `not`, unary minus.

A minus inserted before a name (`total / -count`) reads as a deliberate sign change nobody writes by mistake:
it gives itself away, so the default corpus drops it."""

from __future__ import annotations

from redpen_bench.generate.mutation_operators.common import INVERTED, Example, Site

CODE = "UOI"
_NOT = ("the not", "a not", "not operator", "if not", "negat", "double negat", *INVERTED)
_SIGN = ("sign", "negative", "negat", "minus", "positive", "unary", "absolute")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "drop not": ("missing not", "missing the not", "missing a not", "lost the not", "dropped the not",
                 "without the not", "lacks the not", "lacks a not", *_NOT),
    "insert not": ("extra not", "added not", "stray not", "spurious not", "superfluous", "should not be negat",
                   *_NOT),
    "drop minus": (*_SIGN, "missing minus", "dropped the minus", "flipped"),
    "insert minus": (*_SIGN, "extra minus", "flipped"),
}
LABELS = {"drop not": "`not` dropped", "insert not": "`not` inserted", "drop minus": "unary minus dropped",
          "insert minus": "unary minus inserted"}


def obvious(site: Site) -> str:
    return "inserted unary minus" if site.mechanism == "insert minus" else ""


def examples() -> list[Example]:
    return [
        Example("def f(a):\n    return not a\n", "drop not", "def f(a):\n    return a\n"),
        Example("def f(a, b):\n    return a / b\n", "insert minus", "def f(a, b):\n    return a / -b\n",
                "inserted unary minus"),
    ]
