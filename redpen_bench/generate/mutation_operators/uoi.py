"""UOI, unary operator insertion/deletion: `not`, unary minus.

A minus inserted before a name (`total / -count`) reads as a deliberate sign change nobody writes by mistake,
and a `not` put before a literal (`kwargs or not {}`) as a constant nobody writes at all: they give themselves
away, so the default corpus drops them."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import INVERTED, Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import BINARY, STRINGS, is_literal

CODE = "UOI"
CHANGES = "`not`, unary minus"
NODES = (cst.BinaryOperation, cst.BooleanOperation, cst.UnaryOperation)
_NOT = ("the not", "a not", "not operator", "if not", "double negation", *INVERTED)
# "sign" alone starts "signature", "signed", "signal": the word in a phrase that only a sign's change makes
_SIGN = ("the sign", "a sign", "its sign", "sign of", "sign is", "wrong sign", "opposite sign", "mirror sign",
         "flipped sign", "sign flip", "sign change", "sign revers", "sign inver", "sign bug", "sign error",
         "sign handling", "negative", "negat", "minus", "positive", "unary", "absolute")
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


def sites(node: cst.BinaryOperation | cst.BooleanOperation | cst.UnaryOperation, at: Place) -> None:
    if isinstance(node, cst.BinaryOperation):
        op = BINARY.get(type(node.operator))
        if (op in ("+", "*", "/") and not isinstance(node.left, STRINGS) and not isinstance(node.right, STRINGS)
                and isinstance(node.right, (cst.Name, cst.Attribute)) and not node.right.lpar):
            at.replace("insert minus", node,
                       node.with_changes(right=cst.UnaryOperation(operator=cst.Minus(), expression=node.right)))
    elif isinstance(node, cst.BooleanOperation):
        for operand in (node.left, node.right):
            if isinstance(operand, cst.BooleanOperation) or (
                    isinstance(operand, cst.UnaryOperation) and isinstance(operand.operator, cst.Not)):
                continue
            at.replace("insert not", operand, cst.UnaryOperation(operator=cst.Not(), expression=operand))
    elif isinstance(node.operator, (cst.Not, cst.Minus)):
        inner = node.expression
        if node.lpar:
            inner = inner.with_changes(lpar=[*node.lpar, *inner.lpar], rpar=[*inner.rpar, *node.rpar])
        at.replace("drop not" if isinstance(node.operator, cst.Not) else "drop minus", node, inner)


def obvious(site: Site) -> str:
    if site.mechanism == "insert minus":
        return "inserted unary minus"
    if site.mechanism == "insert not" and is_literal(site.original):
        return "not on a literal"
    return ""


def examples() -> list[Example]:
    return [
        Example("def f(a):\n    return not a\n", "drop not", "def f(a):\n    return a\n"),
        Example("def f(a, b):\n    return a / b\n", "insert minus", "def f(a, b):\n    return a / -b\n",
                "inserted unary minus"),
        Example("def f(a):\n    return a or {}\n", "insert not", "def f(a):\n    return a or not {}\n",
                "not on a literal"),
    ]
