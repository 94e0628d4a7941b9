"""AOR, arithmetic operator replacement: + - * / // % ** and their augmented forms."""

from __future__ import annotations

from redpen_bench.generate.mutation_operators.common import Example, Site

CODE = "AOR"
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
for _old, _new in (("+", "-"), ("-", "+"), ("*", "/"), ("/", "//"), ("//", "/"), ("%", "//"), ("**", "*")):
    VOCABULARY[f"{_old}=->{_new}="] = (*VOCABULARY[f"{_old}->{_new}"], *_AUGMENTED)


def obvious(site: Site) -> str:
    return ""  # an operator that became another reads as plausible code; identities are never generated


def examples() -> list[Example]:
    return [
        Example("def f(a, b):\n    return a + b\n", "+->-", "def f(a, b):\n    return a - b\n"),
        Example("def f(a):\n    total = 0\n    total += a\n    return total\n", "+=->-=",
                "def f(a):\n    total = 0\n    total -= a\n    return total\n"),
        Example("def f(a, b):\n    return a / b\n", "/->//", "def f(a, b):\n    return a // b\n"),
    ]
