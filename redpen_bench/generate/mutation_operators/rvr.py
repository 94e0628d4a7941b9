"""RVR, return value replacement: None; `not x` for a bool; 0 for a number. `return None` and `return 0` read
as stubs, so the default corpus keeps only the negated boolean."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import INVERTED, Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import BINARY, STRINGS, dotted_root, paren

CODE = "RVR"
CHANGES = "None; `not x` for a bool; 0 for a number"
NODES = (cst.Return,)
_BOOL_CALLS = {"isinstance", "issubclass", "bool", "any", "all", "callable", "hasattr", "startswith", "endswith"}
_NUM_CALLS = {"len", "sum", "abs", "round", "int", "float", "pow", "count"}
_RETURN = ("return value", "returned value", "instead of return", "discard", "throws away", "thrown away")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "->None": ("returns none", "return none", "always none", "none instead", "gives none", "get none",
               "gets none", "be none", "is none", "returns nothing", *_RETURN),
    "->not": (*INVERTED, "returns true", "returns false", "return true", "return false", "true instead",
              "false instead", "true when", "false when", "true for", "false for", *_RETURN),
    "->0": ("zero", "returns 0", "return 0", "always 0", "hard coded", "hardcoded", *_RETURN),
}
LABELS = {"->None": "return value became None", "->not": "returned boolean negated",
          "->0": "return value became 0"}


def sites(node: cst.Return, at: Place) -> None:
    value = node.value
    if value is None or (isinstance(value, cst.Name) and value.value in ("None", "True", "False")):
        return
    if _bool_valued(value):
        inner = value if not isinstance(value, (cst.BooleanOperation, cst.IfExp, cst.Lambda)) else paren(value)
        at.replace("->not", value, cst.UnaryOperation(operator=cst.Not(), expression=inner))
    elif _num_valued(value):
        if not (isinstance(value, cst.Integer) and value.value == "0"):
            at.replace("->0", value, cst.Integer("0"))
    else:
        at.replace("->None", value, cst.Name("None"))


def _bool_valued(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Comparison) or (isinstance(node, cst.UnaryOperation)
                                            and isinstance(node.operator, cst.Not)):
        return True
    if isinstance(node, cst.BooleanOperation):
        return _bool_valued(node.left) and _bool_valued(node.right)
    if isinstance(node, cst.Call):
        names = dotted_root(node.func)
        return bool(names) and (names[-1] in _BOOL_CALLS or names[-1].startswith("is"))
    return False


def _num_valued(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Integer, cst.Float)):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return True
    if isinstance(node, cst.BinaryOperation):
        op = BINARY.get(type(node.operator))
        if op in ("-", "*", "/", "//", "**") and not isinstance(node.left, STRINGS):
            return True
        return op == "+" and (isinstance(node.left, (cst.Integer, cst.Float))
                              or isinstance(node.right, (cst.Integer, cst.Float)))
    if isinstance(node, cst.Call):
        names = dotted_root(node.func)
        return bool(names) and names[-1] in _NUM_CALLS
    return False


def obvious(site: Site) -> str:
    return "stub return" if site.mechanism in ("->None", "->0") else ""


def examples() -> list[Example]:
    return [
        Example("def f(a):\n    return a.ok\n", "->None", "def f(a):\n    return None\n", "stub return"),
        Example("def f(a):\n    return a > 1\n", "->not", "def f(a):\n    return not a > 1\n"),
    ]
