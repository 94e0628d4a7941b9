"""One tool process for several profiles of one tool in one run.

`redpen-bench compare` runs every shipped profile: pylint:default, pylint:bugs and pylint:errors would be three
pylint processes over the same files, each spending most of its time parsing and inferring what the others
parse and infer too. Instead the runner hands every static reviewer that has work to `share_tool_runs`, which
groups the profiles of one tool whose share keys agree (the tool's RuleSharing record: equal in everything but rule
selection). The first member to ask runs the tool once, over the files any member misses in the verdict cache,
with the union of the members' rules; each member keeps the findings of its own rules (RuleSharing.keeps),
which is what its own run reports: a finding depends on its rule and its file, not on which other rules run.
Two kinds of rule break that, and the tool modules name them: rules whose findings depend on the other rules
(RuleSharing.interacting: a member with one runs alone when a file it needs holds their pragma), and rules
a tool drops beside others (ruff's incompatible pairs: its RuleSharing.union then refuses the union).

Everything else stays per profile: cache keys (a member whose files are all cached runs nothing, and the union
covers only the members with misses), rows, manifest entries and fingerprints.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from redpen_bench.reviewers.base import RunStep, Task
from redpen_bench.reviewers.tools.findings import FileResult
from redpen_bench.reviewers.tools.static import StaticReviewer, ToolError

Results = dict[str, FileResult]  # content hash -> what the tool said about that file


def share_tool_runs(plans: Iterable[tuple[RunStep, Sequence[Task]]]) -> None:
    """Group the static reviewers of one run that can share a tool run; every member learns its group."""
    groups: dict[tuple, dict[StaticReviewer, dict[str, Path]]] = {}
    for reviewer, tasks in plans:
        if not isinstance(reviewer, StaticReviewer) or not tasks:  # no tasks: review() is never called
            continue
        key = reviewer.share_key()
        if key is None:
            continue
        # the run's own limits are the group's too: profiles that set them apart (redpen.toml) run apart
        full_key = (type(reviewer), reviewer.executable, reviewer.options.timeout, reviewer.options.side_by_side,
                    *key)
        groups.setdefault(full_key, {})[reviewer] = {t.snippet.sha256: t.snippet.path for t in tasks}
    for members in groups.values():
        if len(members) > 1:
            shared = SharedRun(members)
            for reviewer in members:
                reviewer.shared = shared


class SharedRun:
    """The members (reviewer -> the files it reviews) and, once the first member has asked, each one's
    (cached results, fresh results or the exception its tool run raised)."""

    def __init__(self, members: dict[StaticReviewer, dict[str, Path]]):
        self.members = members
        self._lock = threading.Lock()
        self._outcome: dict[StaticReviewer, tuple[Results, Results | Exception]] | None = None

    def serves(self, member: StaticReviewer, files: dict[str, Path]) -> bool:
        return member in self.members and self.members[member].keys() == files.keys()

    def results(self, member: StaticReviewer) -> tuple[Results, Results | Exception]:
        with self._lock:  # the first member to ask runs the tool for all; the others wait for it here
            if self._outcome is None:
                self._outcome = self._run()
        return self._outcome[member]

    def _run(self) -> dict[StaticReviewer, tuple[Results, Results | Exception]]:
        lookups = {member: member.lookup(files) for member, files in self.members.items()}
        missing = {member: miss for member, (_, miss) in lookups.items() if miss}
        fresh: dict[StaticReviewer, Results | Exception] = {member: {} for member in self.members}
        for runner, served in plan_runs(missing):
            files = {digest: path for member in served for digest, path in missing[member].items()}
            try:
                results = runner.scan(files)
            except Exception as exc:  # every member this run served fails as its own run would have
                for member in served:
                    fresh[member] = exc
                continue
            for member in served:
                mine = {digest: results[digest] for digest in missing[member]}
                if runner is not member:
                    mine = {digest: kept(result, member) for digest, result in mine.items()}
                member.store(mine)
                fresh[member] = mine
        return {member: (lookups[member][0], fresh[member]) for member in self.members}


def kept(result: FileResult, member: StaticReviewer) -> FileResult:
    """What `member`'s own run says about a file, from a run with more rules."""
    return FileResult([f for f in result.findings if member.keeps(f)], result.error)


def plan_runs(missing: dict[StaticReviewer, dict[str, Path]]) -> list[tuple[StaticReviewer, list[StaticReviewer]]]:
    """The tool runs to make, each with the members it serves: one run with the union of the members' rules,
    and a run of its own for a member the union would not serve exactly. A member alone runs its own profile."""
    sharing, alone = list(missing), []
    settings = None
    try:
        if len(sharing) > 1:  # pylint takes 0.3 s of CPU to resolve a profile: all of them at once
            with ThreadPoolExecutor(len(sharing)) as pool:
                list(pool.map(StaticReviewer.rules, sharing))
        while len(sharing) > 1:
            settings = sharing[0].union_settings(sharing)
            if settings is None:
                alone, sharing = alone + sharing, []
                break
            union = frozenset().union(*(member.rules() or () for member in sharing))
            apart = [m for m in sharing if m.sharing.interacting & (m.rules() or frozenset()) and m.rules() != union
                     and any(m.sharing.pragma in Path(p).read_bytes().lower() for p in missing[m].values())]
            if not apart:
                break
            alone += apart
            sharing = [m for m in sharing if m not in apart]
    except ToolError:  # the tool cannot even say which rules a profile selects: each run shows its own failure
        alone, sharing = alone + sharing, []
    runs = [(member, [member]) for member in alone]
    if len(sharing) == 1:
        runs.append((sharing[0], sharing))
    elif sharing:
        name = "+".join(member.profile.name for member in sharing)
        runs.append((sharing[0].with_settings(settings, name), sharing))
    return runs
