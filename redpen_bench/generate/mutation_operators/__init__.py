"""One module per mutation operator, named by its code (`aor.py` for AOR): which libcst nodes it mutates and into
what (`NODES`, `sites()`, called by the walker in generate/sites.py), what a reviewer calls each change it makes
(its vocabulary), which of its changes give themselves away from the planted line alone (`obvious`), and
`examples()`, which are its tests (tests/unit/test_operator_modules.py); docs/mutate.md's operator table is
`markdown_table()`. common.py says what a module declares.

The codes themselves, their names and their order are model/operators.py's MUTATION, because the corpus loader and
the report (layers below this one, which do not load libcst) must know every code a corpus may name; a module is
found here by its code.

A vocabulary is a tuple of phrases per mechanism label (the labels the module's sites give), matched by the
scorer's keyword rule (redpen_bench/model/keywords.py: a phrase starts at a word start and may end inside a word,
so a stem covers its word forms). A phrase belongs in it when reviewers describe that change with it, and not when
ordinary English or a description of another change would hit it.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from redpen_bench.generate.mutation_operators.common import Example, Place, Site
from redpen_bench.model.operators import HIGHER_ORDER, MUTATION, OTHER_NAMES

# in MUTATION's order, which is the order of sites at one node, so of every list `mutate` numbers or samples
MODULES: tuple[ModuleType, ...] = tuple(importlib.import_module(f"{__name__}.{code.lower()}") for code in MUTATION)
BY_CODE: dict[str, ModuleType] = {module.CODE: module for module in MODULES}
assert tuple(BY_CODE) == tuple(MUTATION), "each module's CODE is the code it is named by"

VOCABULARY: dict[str, tuple[str, ...]] = {}
LABELS: dict[str, str] = {}
for _module in MODULES:
    VOCABULARY.update(_module.VOCABULARY)
    LABELS.update(getattr(_module, "LABELS", {}))


def vocabulary(mechanism: str) -> tuple[str, ...]:
    return VOCABULARY[mechanism]


def obvious(site: Site) -> str:
    """Why a site's change shows from its planted line alone ("" when it does not)."""
    return BY_CODE[site.operator].obvious(site)


def examples() -> dict[str, list[Example]]:
    return {module.CODE: module.examples() for module in MODULES}


def describe(code: str) -> str:
    """How `mutate` plants an operator, in one line: "arithmetic operator replacement (+ - * ...)"."""
    return f"{MUTATION[code]} ({BY_CODE[code].CHANGES})"


def markdown_table() -> str:
    """docs/mutate.md's operator table (tests/unit/test_mutate_docs.py holds the page to it)."""
    rows = [f"| `{module.CODE}` | {MUTATION[module.CODE]} | {module.CHANGES} |" for module in MODULES]
    rows.append(f"| `{HIGHER_ORDER}` | {OTHER_NAMES[HIGHER_ORDER]} | two first-order mutants of one function, "
                "on different lines, applied together; each is killed alone too |")
    return "\n".join(["| code | operator | what it changes |", "|---|---|---|", *rows])


__all__ = ["BY_CODE", "LABELS", "MODULES", "VOCABULARY", "Example", "Place", "describe", "examples",
           "markdown_table", "obvious", "vocabulary"]
