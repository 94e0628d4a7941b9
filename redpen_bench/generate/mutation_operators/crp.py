"""CRP, constant replacement: an integer literal n -> n+1, n-1; True <-> False.

A literal's right value shows in the snippet only where it is an index, a slice bound, a comparison's bound or
an offset in arithmetic, and only for 0 and 1 (the first element, an empty collection, "one past"); any other
number (a rate, a size, a threshold) is a domain constant only a specification or a test can know, so the
default corpus drops its changes. So does a change that leaves an identity (`-0`, `x * 1`, `x + 0`), and a flag
given as a parameter default or a keyword argument (configuration, not logic)."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site

CODE = "CRP"
CHANGES = "int literal n -> n+1, n-1; True <-> False"
NODES = (cst.Integer, cst.Name)
_OFF_BY_ONE = ("off by one", "one too", "too many", "too few", "too large", "too small", "too high", "too low",
               "one more", "one less", "one extra", "one past", "fencepost", "skips the first",
               "first element", "last element", "zero based", "0 based", "one based", "1 based", "wrong index",
               "offset", "starts at", "start at", "begins at", "literal")
_FLAG = ("true instead", "false instead", "to true", "to false", "as true", "as false", "= true", "= false",
         "starts true", "starts false", "true initially", "false initially", "flag", "initial", "initialis",
         "initializ", "boolean")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "+1": _OFF_BY_ONE,
    "-1": _OFF_BY_ONE,
    "True->False": _FLAG,
    "False->True": _FLAG,
}
LABELS = {"+1": "constant +1", "-1": "constant -1"}
_BOUND_CONTEXT = ("Subscript", "SubscriptElement", "Index", "Slice", "Comparison", "ComparisonTarget",
                  "BinaryOperation", "AugAssign")
_IDENTITY = {("0", "BinaryOperation:Add"), ("0", "BinaryOperation:Subtract"), ("1", "BinaryOperation:Multiply"),
             ("1", "BinaryOperation:Divide"), ("1", "BinaryOperation:FloorDivide"), ("1", "BinaryOperation:Power"),
             ("0", "UnaryOperation:Minus"), ("0", "AugAssign:AddAssign"), ("0", "AugAssign:SubtractAssign"),
             ("1", "AugAssign:MultiplyAssign")}


def sites(node: cst.Integer | cst.Name, at: Place) -> None:
    if isinstance(node, cst.Name):
        if node.value in ("True", "False"):
            new = "False" if node.value == "True" else "True"
            at.replace(f"{node.value}->{new}", node, cst.Name(new))
        return
    try:
        value = int(node.value.replace("_", ""), 0)
    except ValueError:
        return
    for delta, label in ((1, "+1"), (-1, "-1")):
        new_value = value + delta
        literal: cst.BaseExpression = cst.Integer(_int_text(node.value, abs(new_value)))
        if new_value < 0:
            literal = cst.UnaryOperation(operator=cst.Minus(), expression=literal)
        at.replace(label, node, literal.with_changes(lpar=node.lpar, rpar=node.rpar))


def _int_text(literal: str, value: int) -> str:
    """The value written in the literal's base."""
    prefix = literal[:2].lower()
    if prefix in ("0x", "0o", "0b"):
        return {"0x": hex, "0o": oct, "0b": bin}[prefix](value)
    return str(value)


def number_phrases(old: str, new: str) -> tuple[str, ...]:
    """How an explanation quotes the literal it changed: "instead of 1", "should be 0", "[0]"."""
    out = []
    for value, other in ((old, new), (new, old)):
        out += [f"instead of {other}", f"should be {value}", f"[{value}]", f"{value} instead", f"not {value}",
                f"to {value}", f"from {value}", f"at {value}", f"+ {value}", f"- {value}"]
    return tuple(dict.fromkeys(out))


def obvious(site: Site) -> str:
    parent = site.context[-1] if site.context else ""
    if site.mechanism in ("True->False", "False->True"):
        return "flag in a parameter default or keyword argument" if parent.split(":")[0] in ("Param", "Arg") else ""
    new = site.mutated.lstrip("-").strip()
    if any((new, c) in _IDENTITY for c in site.context[-2:]):
        return "identity rewrite"
    if site.original.strip() not in ("0", "1") or not any(c.split(":")[0] in _BOUND_CONTEXT for c in site.context):
        return "domain constant"
    return ""


def examples() -> list[Example]:
    return [
        Example("def f(a):\n    return a[0]\n", "+1", "def f(a):\n    return a[1]\n"),
        Example("def f(a):\n    return a * 5\n", "+1", "def f(a):\n    return a * 6\n", "domain constant"),
        Example("def f(a):\n    found = False\n    return found or a\n", "False->True",
                "def f(a):\n    found = True\n    return found or a\n"),
    ]
