"""SIR, slice index removal: a[i:j] -> a[:j], a[i:]; a step dropped. A slice left empty (`a[:]`, `a[::]`)
reads as a copy nobody meant, so the default corpus drops it."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site

CODE = "SIR"
CHANGES = "a[i:j] -> a[:j], a[i:]"
NODES = (cst.Slice,)
_SLICE = ("slice", "slicing", "sliced", "whole list", "entire list", "whole string", "entire string", "copy",
          "same list")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "drop start": (*_SLICE, "slice start", "start index", "offset", "from the beginning", "from the start",
                   "from index", "lower bound"),
    "drop stop": (*_SLICE, "stop", "upper bound", "too many", "beyond", "past the", "everything", "all the"),
    "drop step": (*_SLICE, "step", "stride", "alternat", "every other", "every second", "every nth"),
}
LABELS = {"drop start": "slice start dropped", "drop stop": "slice stop dropped", "drop step": "slice step dropped"}


def sites(node: cst.Slice, at: Place) -> None:
    for part, label in (("lower", "drop start"), ("upper", "drop stop"), ("step", "drop step")):
        if getattr(node, part) is not None:
            at.replace(label, node, node.with_changes(**{part: None}))


def obvious(site: Site) -> str:
    return "full slice" if site.mutated.replace(" ", "") in (":", "::") else ""


def examples() -> list[Example]:
    return [
        Example("def f(a, n):\n    return a[1:n]\n", "drop start", "def f(a, n):\n    return a[:n]\n"),
        Example("def f(a):\n    return a[1:]\n", "drop start", "def f(a):\n    return a[:]\n", "full slice"),
    ]
