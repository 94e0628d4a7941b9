"""The run steps of the registry's import and combination families, and what the runner hands their factories.

A family of kind "import" or "combination" names a factory called as `factory(spec, StepContext)`: it reads
stored rows (a replay file, an Inspect log, the run folder's own rows), not the corpus's files, so it needs the
run's corpus and folder besides the options a reviewer gets. A combination's factory also says which reviewers
it combines (`factory.components_of(spec)`): the runner runs those first.
"""

from __future__ import annotations

from dataclasses import dataclass

from redpen_bench.model.corpus import Corpus
from redpen_bench.reviewers import REVIEWER_KINDS, Spec, family_of, make_reviewer
from redpen_bench.reviewers.base import ReviewOptions, RunStep, SpecError
from redpen_bench.run.folder import RunFolder


@dataclass(frozen=True)
class StepContext:
    corpus: Corpus
    folder: RunFolder
    options: ReviewOptions


def make_step(spec: Spec, context: StepContext) -> RunStep:
    """The reviewer or run step of `spec`, made by its family's factory."""
    family = family_of(spec.family)
    if family is None:
        raise SpecError(f"reviewer '{spec.text}': unknown family '{spec.family}'")
    if family.kind in REVIEWER_KINDS:
        return make_reviewer(spec, context.options)
    return family.load()(spec, context)


def components(spec: Spec) -> list[Spec]:
    """The reviewers a combination spec combines (none for any other kind)."""
    family = family_of(spec.family)
    return family.load().components_of(spec) if family is not None and family.kind == "combination" else []


def replay(spec: Spec, context: StepContext) -> RunStep:
    from redpen_bench.run.import_rows import RowImport

    return RowImport(spec, context.corpus, context.folder)


def inspect(spec: Spec, context: StepContext) -> RunStep:
    from redpen_bench.run.import_inspect import InspectImport

    return InspectImport(spec, context.corpus, context.folder, context.options.prices)
