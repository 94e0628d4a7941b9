"""LCR, logical connector replacement: and <-> or.

"and" and "or" themselves are in every English sentence, so they are never a phrase on their own: only in
the combinations reviewers write about a connector ("or instead of and", "uses or")."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site

CODE = "LCR"
CHANGES = "and <-> or"
NODES = (cst.BooleanOperation,)
_COMMON = ("logical operator", "boolean operator", "connector", "de morgan", "demorgan", "disjunction",
           "conjunction", "short circuit")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "and->or": ("or instead of and", "instead of and", "rather than and", "and instead of or", "should be and",
                "should use and", "uses or", "using or", "with or", "joined by or", "joins them with or",
                "use of or", "an or", "logical or", "boolean or", "either", "any one", "only one of",
                "just one of", "both", *_COMMON),
    "or->and": ("and instead of or", "instead of or", "rather than or", "or instead of and", "should be or",
                "should use or", "uses and", "using and", "with and", "joined by and", "joins them with and",
                "use of and", "an and", "logical and", "boolean and", "both", "either", "any of",
                "every condition", "all conditions", *_COMMON),
}


def sites(node: cst.BooleanOperation, at: Place) -> None:
    old = node.operator
    new = (cst.Or if isinstance(old, cst.And) else cst.And)(
        whitespace_before=old.whitespace_before, whitespace_after=old.whitespace_after)
    at.replace("and->or" if isinstance(old, cst.And) else "or->and", node, node.with_changes(operator=new))


def obvious(site: Site) -> str:
    return ""


def examples() -> list[Example]:
    return [Example("def f(a, b):\n    return a and b\n", "and->or", "def f(a, b):\n    return a or b\n")]
