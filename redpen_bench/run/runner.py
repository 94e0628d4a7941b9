"""Run reviewers over a corpus into a run folder: side by side, resumable, nothing computed ever lost."""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus, Variant
from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import Verdict
from redpen_bench.reviewers import Spec, parse_spec, unique_specs
from redpen_bench.reviewers.base import Emit, Reviewer, ReviewOptions, RunStep, Task, error_verdict
from redpen_bench.run.cache import open_cache
from redpen_bench.run.folder import RunFolder, RunFolderError, now
from redpen_bench.run.folder_lock import lock_timeout_from_env
from redpen_bench.run.progress import Progress
from redpen_bench.run.steps import StepContext, components, make_step
from redpen_bench.run.tool_runs import Review, review_tools


def select_snippets(
    corpus: Corpus, items: Sequence[str] | None = None, tier: str | None = None, limit: int | None = None
) -> list[Variant]:
    """The scored files of a subset: --items, --tier, --limit (the first N items)."""
    chosen = list(corpus.items)
    if items:
        known = {i.id for i in chosen}
        unknown = [i for i in items if i not in known]
        if unknown:
            raise InputError(f"--items: unknown item ids {unknown}")
        chosen = [i for i in chosen if i.id in set(items)]
    if tier:
        if tier not in corpus.tiers:
            raise InputError(f"--tier: '{tier}' is not one of the corpus tiers {list(corpus.tiers)}")
        chosen = [i for i in chosen if i.tier == tier]
    if limit is not None:
        chosen = chosen[:limit]
    return [v for item in chosen for v in item.variants.values()]


@dataclass
class Plan:
    spec: Spec
    reviewer: RunStep  # a reviewer, or a run step driven like one
    tasks: list[Task]
    review: Review | None = None  # what emits its rows; None: reviewer.review

    def run(self, emit: Emit) -> None:
        (self.review or self.reviewer.review)(self.tasks, emit)


@dataclass
class RunResult:
    path: Path
    new_rows: dict[str, int] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)  # reviewer key -> crash message
    estimates: dict[str, dict] = field(default_factory=dict)  # --dry-run
    refreshed: list[str] = field(default_factory=list)  # reviewers asked again: they changed since their rows
    outcomes: dict[str, dict[str, Any]] = field(default_factory=dict)  # per reviewer: answered ... missing
    folder: RunFolder | None = field(default=None, repr=False)  # the run folder, its rows read at most once more

    @property
    def has_errors(self) -> bool:
        """Error rows remain: the same command would ask those snippets again."""
        return any(o["errors"] for o in self.outcomes.values())


@dataclass
class Specs:
    """A run's specs sorted by their family's kind: reviewers (components of combinations added), imports,
    combinations (ensembles)."""

    reviewers: list[Spec]
    imports: list[Spec]
    ensembles: list[Spec]

    @classmethod
    def of(cls, specs: Sequence[str | Spec]) -> Specs:
        parsed = unique_specs([s if isinstance(s, Spec) else parse_spec(s) for s in specs])
        ensembles = [s for s in parsed if s.kind == "combination"]
        reviewers = [s for s in parsed if s.kind not in ("combination", "import")]
        for ensemble in ensembles:  # components the run does not ask for itself run too, under their own keys
            for component in components(ensemble):
                if component.key not in {s.key for s in reviewers}:
                    reviewers.append(component)
        return cls(reviewers, [s for s in parsed if s.kind == "import"], ensembles)

    @property
    def all(self) -> list[Spec]:
        return [*self.reviewers, *self.imports, *self.ensembles]


def plan_run(
    corpus: Corpus, specs: Specs, folder: RunFolder, options: ReviewOptions, snippets: Sequence[Variant],
    ensembles: bool = False,
) -> tuple[list[Plan], list[str]]:
    """What each reviewer and import (or, with `ensembles`, each ensemble) still has to answer, and which of
    them changed since their stored rows."""
    stale: list[str] = []
    options = replace(options, side_by_side=len(specs.reviewers))
    stored = folder.read_manifest().get("reviewers", {}) if folder.manifest_path.exists() else {}
    plans = []
    context = StepContext(corpus, folder, options)
    for spec in specs.ensembles if ensembles else [*specs.reviewers, *specs.imports]:
        reviewer = make_step(spec, context)
        fingerprint = reviewer.answer_fingerprint()
        done = folder.done(spec.key, fingerprint, corpus) if folder.verdicts_path.exists() else set()
        before = stored.get(spec.key, {}).get("fingerprint")
        if before and before != fingerprint:
            stale.append(spec.key)  # its profile, tool version, model, prompt or file changed: asked again
        samples = options.samples if reviewer.takes_samples else 1
        tasks = [
            Task(v, s) for v in snippets for s in range(samples) if (v.item_id, v.name, s) not in done
        ]
        plans.append(Plan(spec, reviewer, tasks))
    # side by side: a tool asked which rules it knows (reviewers/tools/known_rules.py) spends most of a second
    # starting up; the first failure in plan order is the one raised
    preparing = [plan.reviewer for plan in plans if plan.tasks]
    if preparing:
        with ThreadPoolExecutor(len(preparing)) as pool:
            list(pool.map(lambda step: step.prepare(corpus.snippets), preparing))
    # static analyzers: each distinct tool run once, however many profiles of the tool the run asks for
    reviews = review_tools([(plan.reviewer, plan.tasks) for plan in plans])
    for plan in plans:
        plan.review = reviews.get(plan.reviewer)
    return plans, stale


def _run_one(plan: Plan, folder: RunFolder, progress: Progress | None, result: RunResult) -> None:
    key = plan.spec.key
    fingerprint = plan.reviewer.answer_fingerprint()
    pending = {(t.snippet.item_id, t.snippet.name, t.sample): t for t in plan.tasks}
    lock = threading.Lock()
    row_keys: set[str] = set()

    def emit(task: Task, verdict: Verdict, reviewer: str | None = None, **meta) -> None:
        row_key = reviewer or key  # a replay file of several reviewers files each row under its own name
        # the fingerprint of the reviewer that answered here wins over one a replayed row carries
        row = VerdictRow.answering(row_key, task.snippet, verdict, task.sample, **(meta | {"fingerprint": fingerprint}))
        folder.append(row)
        with lock:
            was_pending = pending.pop((task.snippet.item_id, task.snippet.name, task.sample), None) is not None
            result.new_rows[row_key] = result.new_rows.get(row_key, 0) + 1
            row_keys.add(row_key)
        if progress and was_pending:
            progress(key, 1)

    started = time.monotonic()
    folder.update_reviewer(key, {"spec": plan.spec.text, "family": plan.spec.family, "info": plan.reviewer.info(),
                                 "fingerprint": fingerprint, "started": now()})
    try:
        if plan.tasks:
            if progress:  # the bar appears before the first answer, saying how long one may take
                progress(key, 0, len(plan.tasks), note=plan.reviewer.progress_note())
            plan.run(emit)
    except RunFolderError:  # the run folder cannot be written (a full disk): no reviewer's fault
        raise
    except Exception as exc:  # a crashing reviewer gives error rows; the others' results stand
        # an API key an error quotes reaches no file (issue 34.5): the reviewer knows its own secrets
        scrub = plan.reviewer.scrub if isinstance(plan.reviewer, Reviewer) else _as_is
        message = scrub(f"{type(exc).__name__}: {exc}")
        result.failures[key] = message
        folder.update_reviewer(key, {"crash": scrub(traceback.format_exc(limit=8))})
        for task in list(pending.values()):
            emit(task, error_verdict(f"reviewer crashed: {message}"))
    before = folder.read_manifest()["reviewers"].get(key, {}).get("rows_as", [])
    folder.update_reviewer(key, {"finished": now(), "seconds": round(time.monotonic() - started, 3),
                                 "rows_as": sorted(set(before) | row_keys)})


def _as_is(text: str) -> str:
    return text


def run_reviewers(
    corpus: Corpus,
    specs: Sequence[str | Spec],
    run_dir: str | Path,
    options: ReviewOptions | None = None,
    snippets: Sequence[Variant] | None = None,
    progress: Progress | None = None,
    lock_timeout: float | None = None,
    meanwhile: Callable[[], object] | None = None,
) -> RunResult:
    """Run every reviewer side by side (one thread each: tools are subprocesses, LLMs are I/O), import replay
    files, then combine ensembles from the stored rows. `lock_timeout`: seconds to wait for another process
    that holds the run folder (default REDPEN_LOCK_TIMEOUT, else 600). `meanwhile`: work for this thread while
    the reviewers' threads run, which would otherwise only wait for them (compare loads the report's code)."""
    lock_timeout = lock_timeout_from_env() if lock_timeout is None else lock_timeout
    options = options or ReviewOptions()
    options = replace(options, code_style=corpus.code_style)  # the corpus's [code_style]: tools lint with it
    folder = RunFolder(run_dir)
    if not specs:
        raise InputError("--reviewer: no reviewer named")
    sorted_specs = Specs.of(specs)
    snippets = list(corpus.snippets if snippets is None else snippets)
    cache = open_cache(options.cache)  # once per run, shared by its reviewers; None: --no-cache, no file at all
    options = replace(options, cache=cache)
    if options.dry_run:  # plans against what is there, creates nothing
        folder.check_made_for(corpus)
        plans, stale = plan_run(corpus, sorted_specs, folder, options, snippets)
        result = RunResult(folder.path, refreshed=stale)
        for plan in plans:
            result.estimates[plan.spec.key] = plan.reviewer.estimate(plan.tasks) or {"requests": 0}
        for spec in sorted_specs.ensembles:
            result.estimates[spec.key] = {"requests": 0}
        return result
    with folder.exclusive(lock_timeout):
        folder.open_for(corpus)
        plans, stale = plan_run(corpus, sorted_specs, folder, options, snippets)
        result = RunResult(folder.path, refreshed=stale, folder=folder)
        try:
            _run_all(plans, folder, progress, result, meanwhile)
            combined, stale = plan_run(corpus, sorted_specs, folder, options, snippets, ensembles=True)
            result.refreshed += stale
            _run_all(combined, folder, progress, result)
        finally:
            if cache is not None:
                cache.flush()
            folder.close()
        result.outcomes = outcomes(folder, [*plans, *combined], snippets, options)
    return result


def _run_all(plans: list[Plan], folder: RunFolder, progress: Progress | None, result: RunResult,
             meanwhile: Callable[[], object] | None = None) -> None:
    # daemon threads: on Ctrl-C the process ends at once, and every row already appended stays
    stored_failed: list[RunFolderError] = []

    def run_one(plan: Plan) -> None:
        try:
            _run_one(plan, folder, progress, result)
        except RunFolderError as exc:  # raised again below, in the command's thread: one line, not a traceback
            stored_failed.append(exc)

    threads = [threading.Thread(target=run_one, args=(plan,), daemon=True, name=plan.spec.key) for plan in plans]
    for thread in threads:
        thread.start()
    try:
        if meanwhile is not None:
            meanwhile()
    finally:  # whatever it raises is raised once every reviewer has stored what it answered
        for thread in threads:
            while thread.is_alive():
                thread.join(0.2)
    if stored_failed:
        raise stored_failed[0]


def outcomes(folder: RunFolder, plans: Sequence[Plan], snippets: Sequence[Variant], options: ReviewOptions,
             ) -> dict[str, dict[str, Any]]:
    """Per reviewer key that has rows for these snippets (a replay file files rows under its own names):
    answered, unparsed, errors, missing, and one unparsed answer's text (example)."""
    wanted = {(v.item_id, v.name) for v in snippets}
    out = {}
    for plan in plans:
        samples = options.samples if plan.reviewer.takes_samples else 1
        for key in folder.row_keys(plan.spec.key):
            mine = [r for r in folder.rows(key) if r.snippet_key in wanted and r.sample < samples]
            errors = sum(1 for r in mine if r.error)
            unparsed = [r for r in mine if not r.error and r.defect is None]
            out[key] = {"answered": len(mine) - errors - len(unparsed), "unparsed": len(unparsed), "errors": errors,
                        "missing": len(wanted) * samples - len(mine),
                        "example": next((r.raw for r in unparsed if str(r.raw or "").strip()), "")}
    return out
