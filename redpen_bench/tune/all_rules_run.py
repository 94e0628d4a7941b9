"""Running a tool for tuning: once with every rule on, and with the named profiles scored beside the tuned one.

The all-rules profile is built in memory in the static adapters' own profile format (a Profile with the tool's
schema checked, its hash the hash of the TOML text it would be written as), so nothing is written for it; the
tool runs through the run layer's planner of tool runs (run/tool_runs.py) as for any profile: verdict cache, and
batches on a distributed executor, included.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from redpen_bench.model.corpus import Corpus, Variant
from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import Verdict
from redpen_bench.reviewers import make_reviewer, parse_spec
from redpen_bench.reviewers.base import Reviewer, ReviewOptions, Task
from redpen_bench.run.folder import RunFolder, now
from redpen_bench.run.tool_runs import review_tools
from redpen_bench.tune.tuned_profile import TuneError, profile_text, tuning_for

ALL_RULES = "all-rules"


def all_rules_reviewer(tool: str, options: ReviewOptions) -> Reviewer:
    """The tool's adapter with a profile that switches every rule on."""
    from redpen_bench.reviewers.tools.profiles import Profile

    reviewer = make_reviewer(parse_spec(tool), options)  # the default profile: checks the tool is usable
    schema = reviewer.schema
    settings = tuning_for(tool).all_rules
    description = f"Every {tool} rule on: the run whose findings `redpen-bench tune` searches."
    for key, value in settings.items():
        expected = schema[key].check(value)
        if expected:
            raise TuneError(f"tune {tool}: all-rules setting '{key}': expected {expected}")
    text = profile_text(description, settings)
    folder = reviewer.profile.path.parent  # the default profile's folder: where relative rule paths resolve
    filled = {key: settings.get(key, setting.default) for key, setting in schema.items()}
    return reviewer.with_profile(Profile(tool, ALL_RULES, folder / f"{ALL_RULES}.toml",
                                         hashlib.sha256(text.encode()).hexdigest(), description, filled))


def profile_reviewer(spec: str, options: ReviewOptions) -> Reviewer:
    return make_reviewer(parse_spec(spec), options)


def collect_rows(reviewer: Reviewer, key: str, corpus: Corpus, folder: RunFolder | None = None,
                 snippets: Sequence[Variant] | None = None) -> list[VerdictRow]:
    """Every snippet's verdict row from one reviewer, in memory (and appended to `folder` when given).
    A tool that fails as a whole is an error, not a table of error rows: nothing could be tuned from it."""
    rows: list[VerdictRow] = []
    tasks = [Task(v) for v in (corpus.snippets if snippets is None else snippets)]

    def emit(task: Task, verdict: Verdict, **meta) -> None:
        meta.pop("reviewer", None)
        row = VerdictRow.answering(key, task.snippet, verdict, task.sample, **meta)
        rows.append(row)
        if folder is not None:
            folder.append(row)

    if folder is not None:
        folder.update_reviewer(key, {"spec": key, "family": reviewer.family, "info": reviewer.info(),
                                     "started": now()})
    review = review_tools([(reviewer, tasks)]).get(reviewer, reviewer.review)  # a static reviewer: planned
    try:
        review(tasks, emit)
    except Exception as exc:
        raise TuneError(f"tune: {key} failed: {type(exc).__name__}: {exc}") from None
    if folder is not None:
        folder.update_reviewer(key, {"finished": now()})
    return rows


