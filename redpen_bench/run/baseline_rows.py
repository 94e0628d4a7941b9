"""The baselines' rows, made in memory: they take microseconds and no run folder, so `score` and `report` add
the ones the runs lack, the same way, on the snippets the runs answered."""

from __future__ import annotations

from collections.abc import Sequence

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.reviewers import make_reviewer, parse_spec
from redpen_bench.reviewers.base import ReviewOptions, Task
from redpen_bench.reviewers.baselines import BASELINES

ADDED_NOTE = "added in memory: the runs lack it (on the snippets the runs answered)"


def baseline_rows(corpus: Corpus, snippets: set[tuple[str, str]] | None = None, seed: int = 0,
                  baselines: Sequence[str] = BASELINES) -> list[VerdictRow]:
    """The baselines' rows on `snippets` ((item, variant) pairs) or every scored snippet; `seed` seeds random as
    `run --seed` does."""
    tasks = [Task(v) for v in corpus.snippets if snippets is None or (v.item_id, v.name) in snippets]
    rows: list[VerdictRow] = []
    for key in baselines:
        reviewer = make_reviewer(parse_spec(key), ReviewOptions(seed=seed, cache=None))
        reviewer.review(tasks, lambda task, verdict, key=key, **meta: rows.append(
            VerdictRow.answering(key, task.snippet, verdict, task.sample)))
    return rows


def with_baselines(rows: list[VerdictRow], corpus: Corpus, baselines: Sequence[str], seed: int = 0
                   ) -> tuple[list[VerdictRow], list[str]]:
    """`rows` and the rows of those `baselines` they lack, on the snippets they answered (random seeded by
    `seed`); and the names of the baselines added."""
    unknown = [b for b in baselines if b not in BASELINES]
    if unknown:
        raise InputError(f"baseline '{unknown[0]}': expected one of {', '.join(BASELINES)}")
    present = {row.reviewer for row in rows}
    added = [b for b in dict.fromkeys(baselines) if b not in present]
    if not added:
        return rows, []
    return rows + baseline_rows(corpus, {row.snippet_key for row in rows}, seed, added), added
