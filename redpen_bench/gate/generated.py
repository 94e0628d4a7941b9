"""What the gate checks on a corpus `redpen-bench mutate` generated (corpus.toml has [generated]).

Its items are mutants of a few source files, so templates and domains repeat by design and there are no
natural explanations: distinctness and keyword fixtures do not apply. What does: killability, integrity
(planted lines within the diff) and no two items planting the same mutant."""

from __future__ import annotations

from dataclasses import replace

from redpen_bench.model.corpus import Corpus

SKIPPED_CHECKS = ("distinctness and keyword fixtures skipped: a generated corpus (corpus.toml [generated] or "
                  "[harvested])")


def is_generated(corpus: Corpus) -> bool:
    """Made by `mutate` or by `harvest` (corpus.toml [harvested]): items of a few source files of one project,
    with no natural explanations, their checks re-running the project's own tests."""
    return corpus.generated is not None or corpus.harvested is not None


def duplicate_mutants(corpus: Corpus) -> dict[str, list[str]]:
    """Items whose original.py is byte for byte another item's."""
    by_hash: dict[str, list[str]] = {}
    for item in corpus.items:
        by_hash.setdefault(item.variants["original"].sha256, []).append(item.id)
    problems: dict[str, list[str]] = {}
    for ids in by_hash.values():
        for item_id in ids[1:] if len(ids) > 1 else ():
            problems.setdefault(item_id, []).append(f"original.py is the same mutant as {ids[0]}'s")
    return problems


def without_absent_projects(corpus: Corpus) -> tuple[Corpus, list[str]]:
    """The corpus less the items whose project (item.toml [provenance] project, relative to the corpus) is not
    there to re-run their killing tests, and a note per such project."""
    absent: dict[str, int] = {}
    kept = []
    for item in corpus.items:
        project = item.provenance.get("project")
        if isinstance(project, str) and not (corpus.root / project).is_dir():
            absent[project] = absent.get(project, 0) + 1
        else:
            kept.append(item)
    notes = [f"killability skipped for {n} items: their project {p} (relative to the corpus) is not present"
             for p, n in sorted(absent.items())]
    return replace(corpus, items=tuple(kept)), notes
