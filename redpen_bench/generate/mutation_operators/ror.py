"""ROR, relational operator replacement: a boundary (< <-> <=, > <-> >=), == <-> !=, is/is not, in/not in."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import BOUNDARY, Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import COMPARISON, COMPARISON_NODE

CODE = "ROR"
CHANGES = "boundary < <-> <=, == <-> !=, is/is not, in/not in"
NODES = (cst.Comparison,)
REPLACEMENTS = {
    "<": ("<=",), "<=": ("<",), ">": (">=",), ">=": (">",), "==": ("!=",), "!=": ("==",),
    "is": ("is not",), "is not": ("is",), "in": ("not in",), "not in": ("in",),
}
# "inverted" is how reviewers call a flipped `==`, `is` or `in` test; INVERTED's other words ("negated", "flip")
# name COI and UOI, and in a comparison's group they were what another item's explanation and generic answers hit
# (issue 32.5)
_EQUALITY = ("not equal", "equal", "!=", "==", "inequality", "equality", "mismatch", "differ", "opposite", "invert")
_IDENTITY = ("is not none", "is none", "none check", "identity", "against none", "for none", "opposite", "invert")
_MEMBERSHIP = ("not in", "membership", "contain", "member", "already in", "opposite", "invert")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "<-><=": ("<=", "less than or equal", "less than", "at most", "up to", "or equal", *BOUNDARY),
    "<=-><": ("<", "less than", "below", "at most", "up to", *BOUNDARY),
    ">->>=": (">=", "greater than or equal", "greater than", "at least", "more than", *BOUNDARY),
    ">=->>": (">", "greater than", "above", "at least", "more than", *BOUNDARY),
    "==->!=": _EQUALITY,
    "!=->==": _EQUALITY,
    "is->is not": _IDENTITY,
    "is not->is": _IDENTITY,
    "in->not in": _MEMBERSHIP,
    "not in->in": _MEMBERSHIP,
}


def sites(node: cst.Comparison, at: Place) -> None:
    for i, target in enumerate(node.comparisons):
        op = COMPARISON[type(target.operator)]
        old = target.operator
        for new in REPLACEMENTS[op]:
            ws = {"whitespace_before": old.whitespace_before, "whitespace_after": old.whitespace_after}
            targets = list(node.comparisons)
            targets[i] = target.with_changes(operator=COMPARISON_NODE[new](**ws))
            at.replace(f"{op}->{new}", node, node.with_changes(comparisons=targets))


def obvious(site: Site) -> str:
    return ""


def examples() -> list[Example]:
    return [
        Example("def f(a, b):\n    return a < b\n", "<-><=", "def f(a, b):\n    return a <= b\n"),
        Example("def f(a, b):\n    return a in b\n", "in->not in", "def f(a, b):\n    return a not in b\n"),
    ]
