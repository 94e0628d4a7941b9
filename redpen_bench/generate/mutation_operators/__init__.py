"""One module per mutation operator: what a reviewer calls each change it makes (its vocabulary), which of its
changes give themselves away from the planted line alone (`obvious`), and `examples()` that its tests and
docs/mutate.md read. The collector in generate/sites.py finds the sites; these modules say what they mean.

A vocabulary is a tuple of phrases per mechanism label (the labels sites.py gives), matched by the scorer's
keyword rule (redpen_bench/model/keywords.py: a phrase starts at a word start and may end inside a word, so a
stem covers its word forms). A phrase belongs in it when reviewers describe that change with it, and not when
ordinary English or a description of another change would hit it.
"""

from __future__ import annotations

from types import ModuleType

from redpen_bench.generate.mutation_operators import (
    aor,
    cod,
    coi,
    crp,
    exs,
    lcr,
    osw,
    ror,
    rvr,
    sdl,
    sir,
    uoi,
)
from redpen_bench.generate.mutation_operators.common import Example, Site
from redpen_bench.model.operators import MUTATION

MODULES: tuple[ModuleType, ...] = (aor, ror, lcr, uoi, sdl, crp, sir, exs, cod, coi, osw, rvr)
BY_CODE: dict[str, ModuleType] = {module.CODE: module for module in MODULES}
assert tuple(BY_CODE) == tuple(MUTATION), "one module per operator of model/operators.py, in its order"

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


__all__ = ["BY_CODE", "LABELS", "MODULES", "VOCABULARY", "Example", "examples", "obvious", "vocabulary"]
