"""RVR, return value replacement: None; `not x` for a bool; 0 for a number. `return None` and `return 0` read
as stubs, so the default corpus keeps only the negated boolean."""

from __future__ import annotations

from redpen_bench.generate.mutation_operators.common import INVERTED, Example, Site

CODE = "RVR"
_RETURN = ("return value", "returned value", "instead of return", "discard", "throws away", "thrown away")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "->None": ("returns none", "return none", "always none", "none instead", "gives none", "get none",
               "gets none", "be none", "is none", "returns nothing", "nothing", *_RETURN),
    "->not": (*INVERTED, "true", "false", *_RETURN),
    "->0": ("zero", "returns 0", "return 0", "always 0", "constant", "hard coded", "hardcoded", *_RETURN),
}
LABELS = {"->None": "return value became None", "->not": "returned boolean negated",
          "->0": "return value became 0"}


def obvious(site: Site) -> str:
    return "stub return" if site.mechanism in ("->None", "->0") else ""


def examples() -> list[Example]:
    return [
        Example("def f(a):\n    return a.ok\n", "->None", "def f(a):\n    return None\n", "stub return"),
        Example("def f(a):\n    return a > 1\n", "->not", "def f(a):\n    return not a > 1\n"),
    ]
