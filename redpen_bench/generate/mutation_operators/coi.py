"""COI, condition inversion: `if c:` -> `if not (c):`, in elif and conditional expressions too."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import INVERTED, Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import paren

CODE = "COI"
CHANGES = "`if c:` -> `if not (c):`, elif and ternary tests too"
NODES = (cst.If, cst.IfExp)
VOCABULARY: dict[str, tuple[str, ...]] = {
    "invert": (*INVERTED, "if not", "the not", "a not", "wrong branch", "swapped branch", "instead of when",
               "when it should not", "should not be negat"),
}
LABELS = {"invert": "condition inverted"}


def sites(node: cst.If | cst.IfExp, at: Place) -> None:
    test = node.test
    if isinstance(node, cst.If) and isinstance(test, cst.Name) and test.value in ("True", "False"):
        return  # a constant condition, left to COD's rule
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = test.expression
        new = inner.with_changes(lpar=[*test.lpar, *inner.lpar], rpar=[*inner.rpar, *test.rpar])
    else:
        new = cst.UnaryOperation(operator=cst.Not(), expression=paren(test))
    at.replace("invert", test, new)


def obvious(site: Site) -> str:
    return ""


def examples() -> list[Example]:
    return [Example("def f(a, b):\n    if a > b:\n        return 1\n    return 0\n", "invert",
                    "def f(a, b):\n    if not (a > b):\n        return 1\n    return 0\n")]
