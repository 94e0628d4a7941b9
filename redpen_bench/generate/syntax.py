"""What the mutation operators need to know about libcst nodes: operator tables and value classifiers."""

from __future__ import annotations

import re

import libcst as cst

AOR_MAP = {
    "+": ("-",), "-": ("+",), "*": ("/",), "/": ("//", "*"), "//": ("/",), "%": ("//",), "**": ("*",),
}
ROR_MAP = {
    "<": ("<=",), "<=": ("<",), ">": (">=",), ">=": (">",), "==": ("!=",), "!=": ("==",),
    "is": ("is not",), "is not": ("is",), "in": ("not in",), "not in": ("in",),
}
OSW_OPS = {"-", "/", "//", "%", "**", "<<", ">>", "<", "<=", ">", ">="}
_BIN = {
    cst.Add: "+", cst.Subtract: "-", cst.Multiply: "*", cst.Divide: "/", cst.FloorDivide: "//",
    cst.Modulo: "%", cst.Power: "**", cst.LeftShift: "<<", cst.RightShift: ">>",
}
_AUG = {
    cst.AddAssign: "+", cst.SubtractAssign: "-", cst.MultiplyAssign: "*", cst.DivideAssign: "/",
    cst.FloorDivideAssign: "//", cst.ModuloAssign: "%", cst.PowerAssign: "**",
}
_CMP = {
    cst.LessThan: "<", cst.LessThanEqual: "<=", cst.GreaterThan: ">", cst.GreaterThanEqual: ">=",
    cst.Equal: "==", cst.NotEqual: "!=", cst.Is: "is", cst.IsNot: "is not", cst.In: "in", cst.NotIn: "not in",
}
_BIN_R = {v: k for k, v in _BIN.items()}
_AUG_R = {v: k for k, v in _AUG.items()}
_CMP_R = {v: k for k, v in _CMP.items()}
_STRINGS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
_ATOMIC = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float, cst.Imaginary,
           cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.List, cst.Tuple, cst.Dict, cst.Set)
_LOG_ROOTS = {"logging", "logger", "log", "_log", "_logger", "LOG", "LOGGER"}
_BOOL_CALLS = {"isinstance", "issubclass", "bool", "any", "all", "callable", "hasattr", "startswith", "endswith"}
_NUM_CALLS = {"len", "sum", "abs", "round", "int", "float", "pow", "count"}
_NEWLINE = re.compile(r"\r\n|\r|\n")


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _paren(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, _ATOMIC) or node.lpar:
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _dotted_root(node: cst.BaseExpression) -> list[str]:
    names = []
    while isinstance(node, cst.Attribute):
        names.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        names.append(node.value)
    return names[::-1]


def _is_log_call(node: cst.CSTNode) -> bool:
    if not isinstance(node, cst.Call):
        return False
    names = _dotted_root(node.func)
    if names == ["print"]:
        return True
    if len(names) >= 2 and names[0] == "self":
        names = names[1:]
    return len(names) >= 2 and names[0] in _LOG_ROOTS


def _is_main_guard(node: cst.CSTNode) -> bool:
    if not isinstance(node, cst.If) or not isinstance(node.test, cst.Comparison):
        return False
    text = _code(node.test).replace("'", '"')
    return text.replace(" ", "") in ('__name__=="__main__"', '"__main__"==__name__')


def _is_all_assign(node: cst.CSTNode) -> bool:
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


def _bool_valued(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Comparison) or (isinstance(node, cst.UnaryOperation)
                                            and isinstance(node.operator, cst.Not)):
        return True
    if isinstance(node, cst.BooleanOperation):
        return _bool_valued(node.left) and _bool_valued(node.right)
    if isinstance(node, cst.Call):
        names = _dotted_root(node.func)
        return bool(names) and (names[-1] in _BOOL_CALLS or names[-1].startswith("is"))
    return False


def _num_valued(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Integer, cst.Float)):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return True
    if isinstance(node, cst.BinaryOperation):
        op = _BIN.get(type(node.operator))
        if op in ("-", "*", "/", "//", "**") and not isinstance(node.left, _STRINGS):
            return True
        return op == "+" and (isinstance(node.left, (cst.Integer, cst.Float))
                              or isinstance(node.right, (cst.Integer, cst.Float)))
    if isinstance(node, cst.Call):
        names = _dotted_root(node.func)
        return bool(names) and names[-1] in _NUM_CALLS
    return False


def _int_text(literal: str, value: int) -> str:
    prefix = literal[:2].lower()
    if prefix in ("0x", "0o", "0b"):
        return {"0x": hex, "0o": oct, "0b": bin}[prefix](value)
    return str(value)
