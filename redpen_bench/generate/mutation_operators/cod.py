"""COD, conditional removal: `if c:` -> `if True:` / `if False:`. A constant condition is visible on the
planted line alone, so the default corpus drops every COD mutant (`--include-obvious` keeps them)."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site

CODE = "COD"
CHANGES = "`if c:` -> `if True:` / `if False:`"
NODES = (cst.If,)
VOCABULARY: dict[str, tuple[str, ...]] = {
    "if True": ("always true", "always taken", "always runs", "always execut", "unconditional", "regardless",
                "every time", "even when", "even if", "if true", "hard coded", "hardcoded"),
    "if False": ("never taken", "never runs", "never execut", "never reached", "dead code", "unreachable",
                 "skipped", "if false", "disabled", "hard coded", "hardcoded", "always false"),
}
LABELS = {"if True": "condition forced true", "if False": "condition forced false"}


def sites(node: cst.If, at: Place) -> None:
    test = node.test
    if isinstance(test, cst.Name) and test.value in ("True", "False"):
        return
    for value in ("True", "False"):
        at.replace(f"if {value}", test, cst.Name(value))


def obvious(site: Site) -> str:
    return "constant condition"


def examples() -> list[Example]:
    return [Example("def f(a):\n    if a:\n        return 1\n    return 0\n", "if False",
                    "def f(a):\n    if False:\n        return 1\n    return 0\n", "constant condition")]
