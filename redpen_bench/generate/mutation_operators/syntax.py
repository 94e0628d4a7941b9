"""What more than one operator (or the walker in generate/sites.py) needs to know about libcst nodes: the
symbol of each operator node and back, and a few node classifiers. An operator's own tables live in its module."""

from __future__ import annotations

import ast
import re

import libcst as cst

BINARY = {
    cst.Add: "+", cst.Subtract: "-", cst.Multiply: "*", cst.Divide: "/", cst.FloorDivide: "//",
    cst.Modulo: "%", cst.Power: "**", cst.LeftShift: "<<", cst.RightShift: ">>",
}
AUGMENTED = {
    cst.AddAssign: "+", cst.SubtractAssign: "-", cst.MultiplyAssign: "*", cst.DivideAssign: "/",
    cst.FloorDivideAssign: "//", cst.ModuloAssign: "%", cst.PowerAssign: "**",
}
COMPARISON = {
    cst.LessThan: "<", cst.LessThanEqual: "<=", cst.GreaterThan: ">", cst.GreaterThanEqual: ">=",
    cst.Equal: "==", cst.NotEqual: "!=", cst.Is: "is", cst.IsNot: "is not", cst.In: "in", cst.NotIn: "not in",
}
BINARY_NODE = {v: k for k, v in BINARY.items()}
AUGMENTED_NODE = {v: k for k, v in AUGMENTED.items()}
COMPARISON_NODE = {v: k for k, v in COMPARISON.items()}
STRINGS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
_ATOMIC = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float, cst.Imaginary,
           cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.List, cst.Tuple, cst.Dict, cst.Set)
_LOG_ROOTS = {"logging", "logger", "log", "_log", "_logger", "LOG", "LOGGER"}
NEWLINE = re.compile(r"\r\n|\r|\n")


def code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def paren(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, _ATOMIC) or node.lpar:
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def dotted_root(node: cst.BaseExpression) -> list[str]:
    names = []
    while isinstance(node, cst.Attribute):
        names.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        names.append(node.value)
    return names[::-1]


def is_log_call(node: cst.CSTNode) -> bool:
    if not isinstance(node, cst.Call):
        return False
    names = dotted_root(node.func)
    if names == ["print"]:
        return True
    if len(names) >= 2 and names[0] == "self":
        names = names[1:]
    return len(names) >= 2 and names[0] in _LOG_ROOTS


def is_main_guard(node: cst.CSTNode) -> bool:
    if not isinstance(node, cst.If) or not isinstance(node.test, cst.Comparison):
        return False
    text = code(node.test).replace("'", '"')
    return text.replace(" ", "") in ('__name__=="__main__"', '"__main__"==__name__')


def is_all_assign(node: cst.CSTNode) -> bool:
    if not isinstance(node, cst.SimpleStatementLine):
        return False
    for small in node.body:
        targets = []
        if isinstance(small, cst.Assign):
            targets = [t.target for t in small.targets]
        elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
            targets = [small.target]
        if any(isinstance(t, cst.Name) and t.value == "__all__" for t in targets):
            return True
    return False


def is_literal(text: str) -> bool:
    """Whether code text is a value written out (a number, a string, True/False/None, a collection display of
    them): `not {}` or a `try` body of `return True` shows it from the page alone."""
    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return False
    return True
