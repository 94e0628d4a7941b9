"""AOR, arithmetic operator replacement: + - * / // % ** and their augmented forms."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import AUGMENTED, AUGMENTED_NODE, BINARY, BINARY_NODE, STRINGS

CODE = "AOR"
CHANGES = "+ - * / // % ** and augmented forms"
NODES = (cst.BinaryOperation, cst.AugAssign)
REPLACEMENTS = {
    "+": ("-",), "-": ("+",), "*": ("/",), "/": ("//", "*"), "//": ("/",), "%": ("//",), "**": ("*",),
}
_ADD = ("adds", "adding", "added", "addition", "plus", "sum", "increment", "increas", "+=")
_SUBTRACT = ("subtract", "minus", "decrement", "decreas", "deduct", "-=", "negative")
_MULTIPLY = ("multipl", "times", "product", "*=")
_DIVIDE = ("divid", "division", "divisor", "quotient", "/=")
_FLOOR = ("floor", "integer division", "integer divid", "truncat", "rounds down", "rounded down", "round down",
          "whole number", "//", "true division", "fraction", "decimal")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "+->-": (*_SUBTRACT, "instead of add", "rather than add", "adding", "addition", "added", "plus"),
    "-->+": (*_ADD, "instead of subtract", "rather than subtract", "subtract", "minus", "deduct"),
    "*->/": (*_DIVIDE, "instead of multipl", "rather than multipl", *_MULTIPLY),
    "/->//": _FLOOR,
    "/->*": (*_MULTIPLY, "instead of divid", "rather than divid", *_DIVIDE, "inverse", "reciprocal"),
    "//->/": (*_FLOOR, "float", "not an integer", "non integer"),
    "%->//": ("modulo", "mod ", "remainder", "%", "quotient", "//", "floor", "integer division", "wrap"),
    "**->*": ("power", "exponent", "squar", "cube", "cubic", "**", "raised", "raising", "raise to",
              "instead of rais", *_MULTIPLY),
}
_AUGMENTED = ("accumulat", "running", "augmented", "in place")
# every replacement's augmented form (`x /= y` -> `x *= y`): a hand-kept list of pairs once missed "/" -> "*"
for _old, _news in REPLACEMENTS.items():
    for _new in _news:
        VOCABULARY[f"{_old}=->{_new}="] = (*VOCABULARY[f"{_old}->{_new}"], *_AUGMENTED)


def sites(node: cst.BinaryOperation | cst.AugAssign, at: Place) -> None:
    if isinstance(node, cst.AugAssign):
        op = AUGMENTED.get(type(node.operator))
        for new in REPLACEMENTS.get(op, ()):
            operator = AUGMENTED_NODE[new](whitespace_before=node.operator.whitespace_before,
                                           whitespace_after=node.operator.whitespace_after)
            at.replace(f"{op}=->{new}=", node, node.with_changes(operator=operator))
        return
    op = BINARY.get(type(node.operator))
    if op is None or isinstance(node.left, STRINGS) or isinstance(node.right, STRINGS):
        return
    ws = {"whitespace_before": node.operator.whitespace_before, "whitespace_after": node.operator.whitespace_after}
    right = node.right.value if isinstance(node.right, cst.Integer) else None
    for new in REPLACEMENTS.get(op, ()):
        # `a * 1` -> `a ** 1` and `a + 0` -> `a - 0` mean the same: known equivalent, never a mutant
        same = (right == "1" and {op, new} == {"*", "**"}) or (right == "0" and {op, new} == {"+", "-"})
        at.replace(f"{op}->{new}", node, node.with_changes(operator=BINARY_NODE[new](**ws)), equivalent=same)


def obvious(site: Site) -> str:
    return ""  # an operator that became another reads as plausible code; identities are never generated


def examples() -> list[Example]:
    return [
        Example("def f(a, b):\n    return a + b\n", "+->-", "def f(a, b):\n    return a - b\n"),
        Example("def f(a):\n    total = 0\n    total += a\n    return total\n", "+=->-=",
                "def f(a):\n    total = 0\n    total -= a\n    return total\n"),
        Example("def f(a, b):\n    return a / b\n", "/->//", "def f(a, b):\n    return a // b\n"),
        Example("def f(a, b):\n    a /= b\n    return a\n", "/=->*=", "def f(a, b):\n    a *= b\n    return a\n"),
    ]
