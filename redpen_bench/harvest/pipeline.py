"""The whole `harvest` run: walk the commits, keep the candidates (candidates.py), check each in parallel on
the executor seam (its fix's lines, its excerpt, then its tests at P and at F: diff.py, items.py, verify.py),
and write the corpus beside --out, moved into place only when complete (as mutate does). The repository is only
read: `git log`, `git show` and `git archive` into scratch folders."""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from redpen_bench import __version__
from redpen_bench.errors import InputError
from redpen_bench.generate.items import build, check_out, corpus_head, toml_table
from redpen_bench.generate.project_baseline import collect
from redpen_bench.generate.project_files import Collection
from redpen_bench.generate.project_metadata import ProjectMetadata, project_metadata
from redpen_bench.harvest import git
from redpen_bench.harvest import items as harvest_items
from redpen_bench.harvest.candidates import REASONS, Candidate, Limits, classify
from redpen_bench.harvest.diff import diff_ranges, planted
from redpen_bench.harvest.verify import Verdict, verify
from redpen_bench.model.lines import split_lines
from redpen_bench.project_tests.runner import Settings
from redpen_bench.run.executor import Executor, open_executor
from redpen_bench.run.progress import Progress

MARKER = "harvested"  # corpus.toml's table that says `harvest` made this folder (and may replace it)
TASK = "candidates"


@dataclass(frozen=True)
class HarvestOptions:
    rev: str | None = None
    since: str | None = None
    until: str | None = None
    max_commits: int | None = None
    max_lines: int = Limits.max_lines
    max_files: int = Limits.max_files
    repeat: int = 3
    timeout: float = 120.0  # seconds per run of a candidate's tests
    name: str | None = None  # corpus.toml's; default: the project's own name + '-fixes' (project_metadata)
    licence: str | None = None  # default: the project's own (its metadata or LICENSE file)

    def as_toml(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass(frozen=True)
class HarvestResult:
    out: Path
    walked: int
    candidates: int
    items: int
    counts: dict[str, int]  # outcome -> commits
    details: dict[str, dict[str, int]] = field(default_factory=dict)  # outcome -> error class -> commits
    dates: tuple[str, str] | None = None  # the kept fixes' author dates, first and last
    notes: tuple[str, ...] = ()  # the corpus name and licence chosen, and where from


def collection_at(repo: Path, sha: str, settings: Settings) -> Collection:
    """pytest's answer to which files are tests, at the walked head (mutate's collection, on an unpacked copy:
    the repository is only read); nothing when it cannot collect there (then pytest's default test names decide,
    candidates.py)."""
    with tempfile.TemporaryDirectory(prefix="redpen-harvest-collect-") as scratch:
        try:
            return collect(git.unpack(repo, sha, Path(scratch) / "tree"), settings)
        except InputError:
            return Collection(frozenset(), ())


_DEPRECATION = re.compile(r"\b(?:Pending)?DeprecationWarning\b|\bFutureWarning\b")


def _deprecates(before: str, after: str) -> bool:
    """F's changed lines raise a deprecation warning P's did not: a change of interface announced, not a defect
    repaired (its tests fail at P by counting warnings, which no rule on the failure can tell from a bug)."""
    new = split_lines(after)
    added = [line for _, _, b1, b2 in diff_ranges(before, after) for line in new[b1 - 1:b2]]
    return any(_DEPRECATION.search(line) for line in added) and not _DEPRECATION.search(before)


def check_candidate(repo: Path, candidate: Candidate, settings: Settings, repeat: int, project_rel: str,
                    repo_name: str) -> tuple[Verdict, harvest_items.Harvested | None]:
    """One task, wherever it runs: the fix's lines and excerpt first (no test runs for a feature), then its
    tests at P and at F."""
    commit = candidate.commit
    before, after = git.show(repo, commit.parent, candidate.source), git.show(repo, commit.sha, candidate.source)
    if before is None or after is None:
        return Verdict("feature", detail="new or deleted module"), None
    try:
        found = planted(before, after)
    except SyntaxError:
        return Verdict("no honest excerpt", detail="SyntaxError"), None
    if found is None:
        return Verdict("feature"), None
    if _deprecates(before, after):
        return Verdict("feature", detail="a deprecation"), None
    try:
        excerpt = harvest_items.snippet(before, after, found)
    except SyntaxError:
        excerpt = None
    if excerpt is None:
        return Verdict("no honest excerpt"), None
    verdict = verify(repo, candidate, settings, repeat)
    if verdict.outcome != "kept":
        return verdict, None
    return verdict, harvest_items.item_files(
        repo_name=repo_name, project_rel=project_rel, commit=commit, candidate_tests=candidate.tests,
        source=candidate.source, before=before, after=after, planted=found, found=excerpt, f2p=verdict.f2p)


def harvest(repo: Path, out: Path, options: HarvestOptions, settings: Settings, jobs: int, progress: Progress,
            executor: Executor | None = None) -> HarvestResult:
    root = git.check_repo(Path(repo))
    check_out(out, MARKER, "harvest")
    meta = project_metadata(root, options.name, options.licence, kind="fixes")  # a bad --name stops here
    top = _top(root, options)
    commits = git.walk(root, options.rev, options.since, options.until, options.max_commits)
    counts: Counter = Counter()
    candidates = _candidates(commits, collection_at(root, top, settings),
                             Limits(options.max_lines, options.max_files), counts)
    project_rel = os.path.relpath(root, Path(out).resolve().parent / Path(out).name)
    work = [(root, c, settings, options.repeat, project_rel, root.name) for c in candidates]
    details: dict[str, Counter] = {}
    kept = _kept(_check_all(work, executor, jobs, progress), counts, details)
    kept.sort(key=lambda h: h.id)
    ordered = {reason: counts[reason] for reason in REASONS if counts[reason]}
    dates = (min(h.date for h in kept), max(h.date for h in kept)) if kept else None
    detail_counts = {k: dict(sorted(v.items())) for k, v in details.items()}
    if not kept:
        said = ", ".join(f"{n} {r}" for r, n in ordered.items()) or "no commits"
        raise InputError(f"{root}: no commit is a test-verified fix ({len(commits)} walked: {said}): nothing to write")
    build(Path(out), lambda tmp: write(tmp, kept, root, top, options, settings, ordered, detail_counts, dates, meta))
    return HarvestResult(Path(out), len(commits), len(candidates), len(kept), ordered, detail_counts, dates,
                         meta.said)


def _top(root: Path, options: HarvestOptions) -> str:
    """The commit the walk ends at: the end of --rev (default HEAD)."""
    try:
        return git.head(root, (options.rev or "HEAD").split("..")[-1] or "HEAD")
    except InputError:
        raise InputError(f"{root}: --rev {options.rev or 'HEAD'}: names no commit of this repository") from None


def _candidates(commits, collection, limits: Limits, counts: Counter) -> list:
    """The commits that may be fixes (harvest.candidates.classify); each other one counted under its reason."""
    candidates = []
    for commit in commits:
        found = classify(commit, collection, limits)
        if isinstance(found, str):
            counts[found] += 1
        else:
            candidates.append(found)
    return candidates


def _check_all(work: list, executor: Executor | None, jobs: int, progress: Progress) -> list:
    """check_candidate on each, on `executor`, else on this machine's pools (`jobs` at once)."""
    if executor is not None:
        return executor.run_all(check_candidate, work, progress, TASK)
    with open_executor("local", jobs) as local:
        return local.run_all(check_candidate, work, progress, TASK)


def _kept(results, counts: Counter, details: dict[str, Counter]) -> list:
    """The items of the candidates kept; each verdict counted, with a rejection's detail."""
    kept = []
    for verdict, item in results:
        counts[verdict.outcome] += 1
        if verdict.detail and verdict.outcome != "kept":
            details.setdefault(verdict.outcome, Counter())[verdict.detail] += 1
        if item is not None:
            kept.append(item)
    return kept


def write(tmp: Path, kept, root: Path, top: str, options: HarvestOptions, settings: Settings,
          counts: dict[str, int], details: dict, dates, meta: ProjectMetadata) -> None:
    for item in kept:
        folder = tmp / "items" / item.id
        folder.mkdir(parents=True)
        for name, text in item.files.items():
            (folder / name).write_text(text, encoding="utf-8")
    fingerprint = hashlib.sha256(json.dumps([root.name, top, options.as_toml()]).encode()).hexdigest()
    tiers = [t for t in harvest_items.TIERS if any(f'tier = "{t}"' in i.files["item.toml"] for i in kept)]
    head = {"name": meta.name, "version": "1",
            "description": f"{len(kept)} bug fixes of {meta.project}, each verified by its own tests failing before "
                           f"and passing after; harvested by redpen-bench harvest.",
            "license": meta.licence, "tiers": tiers}
    text = corpus_head(head, f"redpen-bench-harvested:{fingerprint}")
    text += toml_table(MARKER, {"tool": f"redpen-bench {__version__}", "repository": root.name, "head": top,
                                "items": len(kept), "first_fix": dates[0], "last_fix": dates[1],
                                "python": _python_said(settings.python, root), "tests": list(settings.test_args),
                                "env": [f"{k}={v}" for k, v in settings.env]})
    text += "\n" + toml_table(f"{MARKER}.options", options.as_toml())
    text += "\n" + toml_table(f"{MARKER}.counts", counts)
    for reason, row in details.items():
        text += "\n" + toml_table(f"{MARKER}.errors.{toml_key_path(reason)}", row)
    # the project's own style, which its snippets are linted with (as mutate writes it: corpus/FORMAT.md)
    text += "\n" + toml_table("code_style", meta.code_style) if meta.code_style else ""
    (tmp / "corpus.toml").write_text(text, encoding="utf-8")


def _python_said(python: Path, root: Path) -> str:
    """The interpreter as the corpus may record it: relative to the repository, else only its name (no path of
    this machine in the output)."""
    try:
        return Path(python).absolute().relative_to(root).as_posix()
    except ValueError:
        return Path(python).name


def toml_key_path(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)
