"""The planner of static-analyzer runs: which tool processes a run makes, where, and what each profile keeps.

A static reviewer (reviewers/tools/static.py) is one local operation, "run tool X with profile S over these
files", and knows nothing of the other profiles beside it. Deciding how often to run a tool is this module's
alone, for `run`, `compare` and `tune`: `redpen-bench compare` runs every shipped profile, and pylint:default,
pylint:bugs and pylint:errors as three pylint processes over the same files would each spend most of their time
parsing and inferring what the others parse and infer too.

So the profiles of one tool whose share keys agree (equal in everything but rule selection, and in the run's
own limits) form a group. The first member to ask looks every member up in the verdict cache; the first to ask
for fresh results runs the tool once over the files any member misses, with the union of the members' rules
(`union_settings`), here or in batches on a distributed executor (run/tool_batches.py); each member keeps the
findings its own run reports (its RuleFilter, the filter tune cuts the every-rule run with): a finding depends
on its rule and its file, not on which other rules run. Two kinds of rule break that, and the tool modules name
them: rules whose findings depend on the other rules (`interacting_rules`: a member with one runs alone when a
file it needs holds their `pragma`), and rules a tool drops beside others (ruff's incompatible pairs: its
`union_settings` then refuses the union). A member alone runs its own profile.

Everything else stays per profile: cache keys (a member whose files are all cached runs nothing, and the union
covers only the members with misses), rows, manifest entries and fingerprints. A failing run fails every member
it served as its own run would, after their cached rows.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from redpen_bench.reviewers.base import Emit, RunStep, Task
from redpen_bench.reviewers.tools.findings import FileResult
from redpen_bench.reviewers.tools.process import ToolError
from redpen_bench.reviewers.tools.static import StaticReviewer
from redpen_bench.run import tool_batches

Results = dict[str, FileResult]  # content hash -> what the tool said about that file
Review = Callable[[Sequence[Task], Emit], None]  # review(tasks, emit): a reviewer's rows, as RunStep.review


def review_tools(steps: Iterable[tuple[RunStep, Sequence[Task]]]) -> dict[StaticReviewer, Review]:
    """Every static reviewer among `steps` that has tasks -> the function that emits its rows, its tool runs
    planned with the others'. The other steps review themselves."""
    groups: dict[tuple, dict[StaticReviewer, dict[str, Path]]] = {}
    for reviewer, tasks in steps:
        if not isinstance(reviewer, StaticReviewer) or not tasks:  # no tasks: review() is never called
            continue
        key = reviewer.share_key()
        # the run's own limits are the group's too: profiles that set them apart (redpen.toml) run apart
        group = ("alone", id(reviewer)) if key is None else (
            type(reviewer), reviewer.executable, reviewer.options.timeout, reviewer.options.side_by_side, *key)
        groups.setdefault(group, {})[reviewer] = files = {t.snippet.sha256: t.snippet.path for t in tasks}
        # each snippet's package found here, once, before the reviewer threads start: resolving its path is a
        # system call per folder, which in those threads waits for the GIL each time (package_site.site_of)
        for path in files.values():
            reviewer.place(path)
    reviews: dict[StaticReviewer, Review] = {}
    for members in groups.values():
        runs = ToolGroup(members)
        reviews.update((reviewer, partial(runs.review, reviewer)) for reviewer in members)
    return reviews


class ToolGroup:
    """The profiles of one tool that may share runs (reviewer -> the files it reviews); once asked, each one's
    cached results, then each one's fresh results or the exception its tool run raised. Members ask from their
    own threads: the first to ask does the work for all, the others wait for it on the lock."""

    def __init__(self, members: dict[StaticReviewer, dict[str, Path]]):
        self.members = members
        self._lock = threading.Lock()
        self._lookups: dict[StaticReviewer, tuple[Results, dict[str, Path]]] | None = None
        self._fresh: dict[StaticReviewer, Results | Exception] | None = None

    def review(self, member: StaticReviewer, tasks: Sequence[Task], emit: Emit) -> None:
        with self._lock:
            if self._lookups is None:
                self._lookups = {m: m.lookup(files) for m, files in self.members.items()}
        member.emit_rows(tasks, self._lookups[member][0], emit, cached=True)
        with self._lock:
            if self._fresh is None:
                self._fresh = self._run({m: miss for m, (_, miss) in self._lookups.items() if miss})
        fresh = self._fresh.get(member, {})
        if isinstance(fresh, Exception):  # the tool run failed: the cached rows above stand
            raise copy.copy(fresh)  # a copy per member: each thread's raise writes its own traceback
        member.emit_rows(tasks, fresh, emit, cached=False)  # the rows first: what a cache failure must not lose
        member.store(fresh)

    @staticmethod
    def _run(missing: dict[StaticReviewer, dict[str, Path]]) -> dict[StaticReviewer, Results | Exception]:
        fresh: dict[StaticReviewer, Results | Exception] = {}
        for runner, served in distinct_runs(missing):
            files = {digest: path for member in served for digest, path in missing[member].items()}
            try:
                results = tool_batches.scan(runner, files)
            except Exception as exc:  # every member this run served fails as its own run would have
                fresh.update(dict.fromkeys(served, exc))
                continue
            if served == [runner]:
                fresh[runner] = results
                continue
            for member in served:
                keep = member.rule_filter()
                fresh[member] = {digest: keep.result(results[digest]) for digest in missing[member]}
        return fresh


def distinct_runs(missing: dict[StaticReviewer, dict[str, Path]]) -> list[tuple[StaticReviewer, list[StaticReviewer]]]:
    """The tool runs to make, each with the members it serves: one run with the union of the members' rules,
    and a run of its own for a member the union would not serve exactly. A member alone runs its own profile."""
    sharing, alone = list(missing), []
    settings = None
    try:
        sharing, alone = _with_filters(sharing)
        while len(sharing) > 1:
            settings = sharing[0].union_settings(sharing)
            if settings is None:
                alone, sharing = alone + sharing, []
                break
            apart = _apart(sharing, missing)
            if not apart:
                break
            alone += apart
            sharing = [m for m in sharing if m not in apart]
    except ToolError:  # the tool cannot even say which rules a profile selects: each run shows its own failure
        alone, sharing = alone + sharing, []
    return _runs(alone, sharing, settings)


def _with_filters(members: list[StaticReviewer]) -> tuple[list[StaticReviewer], list[StaticReviewer]]:
    """(the members that can say what they keep of a bigger run, those that cannot and run alone)."""
    if len(members) <= 1:
        return members, []
    with ThreadPoolExecutor(len(members)) as pool:  # pylint takes 0.3 s of CPU to resolve a profile: all at once
        filters = dict(zip(members, pool.map(StaticReviewer.rule_filter, members), strict=True))
    return [m for m in members if filters[m] is not None], [m for m in members if filters[m] is None]


def _apart(sharing: list[StaticReviewer], missing: dict[StaticReviewer, dict[str, Path]]) -> list[StaticReviewer]:
    """The members whose interacting rules (unused-noqa and the like) would report otherwise in the union's run:
    those running fewer rules than the union on a file that holds their pragma."""
    union = frozenset().union(*(member.rules() or () for member in sharing))
    return [m for m in sharing if m.interacting_rules & (m.rules() or frozenset()) and m.rules() != union
            and any(m.pragma in Path(p).read_bytes().lower() for p in missing[m].values())]


def _runs(alone: list[StaticReviewer], sharing: list[StaticReviewer],
          settings: dict | None) -> list[tuple[StaticReviewer, list[StaticReviewer]]]:
    """A run of its own for each member alone, and one with the union's `settings` for those sharing."""
    runs = [(member, [member]) for member in alone]
    if len(sharing) == 1:
        runs.append((sharing[0], sharing))
    elif sharing:
        name = "+".join(member.profile.name for member in sharing)
        runs.append((sharing[0].with_settings(settings, name), sharing))
    return runs
