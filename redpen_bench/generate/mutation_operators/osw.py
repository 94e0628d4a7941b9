"""OSW, operand swap: the operands of a non-commutative operator, a - b -> b - a, a < b -> b < a."""

from __future__ import annotations

from redpen_bench.generate.mutation_operators.common import Example, Site

CODE = "OSW"
VOCABULARY: dict[str, tuple[str, ...]] = {
    "swap": ("swapped", "swap", "revers", "operands", "backwards", "wrong way round", "other way",
             "the wrong way", "flip", "transpos", "exchanged", "mirrored"),
}
LABELS = {"swap": "operands swapped"}


def obvious(site: Site) -> str:
    return ""


def examples() -> list[Example]:
    return [Example("def f(a, b):\n    return a - b\n", "swap", "def f(a, b):\n    return b - a\n")]
