"""OSW, operand swap: the operands of a non-commutative operator, a - b -> b - a, a < b -> b < a."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import BINARY, COMPARISON, STRINGS, code, paren

CODE = "OSW"
CHANGES = "operands of a non-commutative operator: a - b -> b - a, a < b -> b < a"
NODES = (cst.BinaryOperation, cst.Comparison)
NON_COMMUTATIVE = {"-", "/", "//", "%", "**", "<<", ">>", "<", "<=", ">", ">="}
VOCABULARY: dict[str, tuple[str, ...]] = {
    "swap": ("swapped", "swap", "revers", "operands", "backwards", "wrong way round", "other way",
             "the wrong way", "flip", "transpos", "exchanged", "mirrored"),
}
LABELS = {"swap": "operands swapped"}


def sites(node: cst.BinaryOperation | cst.Comparison, at: Place) -> None:
    if isinstance(node, cst.BinaryOperation):
        if (BINARY.get(type(node.operator)) in NON_COMMUTATIVE and not isinstance(node.left, STRINGS)
                and not isinstance(node.right, STRINGS)):
            swapped = node.with_changes(left=paren(node.right), right=paren(node.left))
            at.replace("swap", node, swapped, equivalent=code(node.left) == code(node.right))
        return
    if len(node.comparisons) == 1 and COMPARISON[type(node.comparisons[0].operator)] in NON_COMMUTATIVE:
        target = node.comparisons[0]
        swapped = node.with_changes(left=paren(target.comparator),
                                    comparisons=[target.with_changes(comparator=paren(node.left))])
        at.replace("swap", node, swapped, equivalent=code(node.left) == code(target.comparator))


def obvious(site: Site) -> str:
    return ""


def examples() -> list[Example]:
    return [Example("def f(a, b):\n    return a - b\n", "swap", "def f(a, b):\n    return b - a\n")]
