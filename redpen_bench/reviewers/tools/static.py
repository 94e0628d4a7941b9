"""What the static-analyzer adapters share: stage files, run a tool once over all of them, map its findings back,
and cache verdicts by (tool, tool version, profile hash, file content hash).

Each tool is two parts: `command()` (how to run it) and `parse()` (its machine output -> findings per staged
file), so parsing is tested offline on recorded output. Files are staged under neutral names (s0000.py, ...)
in a fresh temporary folder, one copy per distinct content, so no ignore rule (semgrep skips tests/) and no
file name changes what a tool reports; every tool runs with HOME and XDG folders in that temporary folder and
without its environment variables, so a user's configuration never reaches it. A snippet of a package module
(a `mutate PROJECT` item) is staged inside a copy of its package instead (reviewers/tools/package_site.py), so
its imports resolve as they do in the project.

A reviewer here is one local operation, "run tool X with profile S over these files" (`scan`: stage, command,
parse; `lookup`/`store`: the verdict cache), and the facts about its profile that let a run share one tool
process between profiles: `share_key`, `resolve_filter` (which findings of a bigger run it keeps, a pure
RuleFilter), `union_settings`, `interacting_rules` and `pragma`, plain methods and attributes a tool module
overrides. Which tool runs to make for a run's profiles, where (here or in batches on an executor's workers)
and what each profile keeps is decided in one place, the run layer's planner (run/tool_runs.py), for `run`,
`compare` and `tune` alike; so a reviewer never learns of the profiles beside it, and a new tool's module only
states facts about its own profiles.

What the rest of the package needs to know of a tool is its ToolDescription (`tool`, reviewers/tools/tool.py),
declared in its module; what it asks of a tool (which rules it knows, a tuned profile's settings) are methods.
"""

from __future__ import annotations

import copy
import hashlib
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from redpen_bench.reviewers.base import Emit, Reviewer, ReviewOptions, Task, cache_key, error_verdict, open_cache_of
from redpen_bench.reviewers.tools.findings import FileResult, verdict_from_findings
from redpen_bench.reviewers.tools.package_site import PackageSite, site_of, staged_path
from redpen_bench.reviewers.tools.process import (
    ToolError,
    find_executable,
    isolated_env,
    run_tool,
    scratch_folder,
    tool_version,
)
from redpen_bench.reviewers.tools.profiles import Profile, ProfileError, Schema, load_profile
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.reviewers.tools.tool import ToolDescription

TARGET_PYTHON = "3.11"  # the corpus's snippets are Python 3.11+


@dataclass
class BatchRun:
    names: dict[str, str]  # staged file name -> content hash
    output: str  # the tool's stdout
    command: list[str]


class StaticReviewer(Reviewer):
    """A static analyzer run once over all files. Subclasses set the class attributes and write
    `command` and `parse`; `check_profile` and `fingerprint_extra` are optional hooks."""

    tool: ClassVar[ToolDescription]  # what the package reads of the tool (reviewers/tools/tool.py)
    dist: ClassVar[str] = ""  # the package whose version keys the cache
    # packages besides `dist` whose releases change the findings (pylint's astroid, its inference engine): their
    # versions key the cache and the rows as the tool's own does, and the run's manifest records them
    dist_deps: ClassVar[tuple[str, ...]] = ()
    exe_name: ClassVar[str] = ""
    schema: ClassVar[Schema] = {}
    ok_status: ClassVar[tuple[int, ...]] = (0, 1)
    # bump when the command line or the parser changes what a file's findings are: old cache entries then miss
    reader_version: ClassVar[int] = 1
    executable: str | None = None  # tests point this (or REDPEN_<TOOL>_EXE) at a fake tool
    # rules whose findings depend on which other rules run (ruff's unused-noqa, pylint's useless-suppression): a
    # profile with one shares a bigger run only when no file it needs holds `pragma`, the comment they read
    interacting_rules: ClassVar[frozenset[str]] = frozenset()
    pragma: ClassVar[bytes] = b""

    def __init__(self, arg: str | None, options: ReviewOptions):
        super().__init__(arg, options)
        self.profile: Profile = load_profile(self.family, arg, self.schema)
        self.check_profile()

    def prepare(self, snippets) -> None:
        self.check_rules()

    # -- what a tool module provides -------------------------------------------------------------
    def check_profile(self) -> None:
        """Reject settings the schema cannot express (raise ProfileError)."""

    def fingerprint_extra(self) -> str:
        """Anything besides the profile file that changes the findings (semgrep: the rule files)."""
        return ""

    def command(self, exe: str, files: list[str], workdir: Path) -> list[str]:
        raise NotImplementedError

    def extra_env(self, home: Path) -> dict[str, str]:
        return {}

    def parse(self, output: str, files: list[str]) -> dict[str, FileResult]:
        """The tool's stdout -> a result for every staged file name in `files`; ValueError if unreadable."""
        raise NotImplementedError

    def list_rules(self) -> frozenset[str] | None:
        """Every rule id the installed tool knows, asked of the tool itself (known_rules caches it); None: the
        tool cannot say, and profiles are not checked."""
        return None

    def names_known_rule(self, entry: str, known: frozenset[str]) -> bool:
        """Whether a profile entry (of a `tool.rule_fields` key) names rules the tool knows."""
        return entry in known

    def tuned_settings(self, rules: Sequence[str], threshold: str | None, profile_dir: Path, name: str) -> dict:
        """The settings of a profile that runs exactly `rules` (at severity `threshold`), asked of the
        all-rules reviewer by `tune`; `profile_dir`: the folder it is written to."""
        raise ProfileError(f"{self.family}: cannot write a tuned profile")

    def check_rules(self) -> None:
        """A profile entry naming a rule the tool does not know is an error before any tool runs, not a rule
        that silently runs nothing (pylint) or a tool that exits with a usage error (ruff)."""
        fields = [key for key in self.tool.rule_fields if self.profile[key]]
        if not fields:
            return
        from redpen_bench.reviewers.tools.known_rules import known_rules

        known = known_rules(self)
        if known is None:
            return
        for key in fields:
            for entry in self.profile[key]:
                if not self.names_known_rule(entry, known):
                    raise ProfileError(f"{self.profile.path}: field '{key}': {self.family} {self.version} knows "
                                       f"no rule '{entry}'")

    # -- sharing one run between profiles (run/tool_runs.py asks these) -----------------------------
    def share_key(self) -> tuple | None:
        """Profiles of one tool with equal keys differ at most in which rules they report, so one run with the
        union of their rules, each keeping its own findings (`rule_filter`), gives each exactly its own run's
        findings. The key holds every setting that changes findings beyond rule selection (bandit's
        confidence); None: the profile always runs alone."""
        return None

    def resolve_filter(self) -> RuleFilter | None:
        """Which findings of a run with more rules this profile's own run reports (may ask the tool); None: it
        cannot say, and runs alone."""
        return None

    def union_settings(self, members: Sequence[StaticReviewer]) -> dict | None:
        """The settings of one run that reports everything each member reports; None: the tool would not run
        that union exactly (ruff drops one rule of an incompatible pair), so the members run apart."""
        return None

    derived_from_profile: tuple[str, ...] = ("_rule_filter",)  # what with_profile forgets, besides cached_property

    def rule_filter(self) -> RuleFilter | None:
        """`resolve_filter`, once per reviewer. Not a cached_property: on Python 3.11 its lock is shared by every
        instance, and the profiles of a shared run resolve side by side."""
        if "_rule_filter" not in self.__dict__:
            self.__dict__["_rule_filter"] = self.resolve_filter()
        return self.__dict__["_rule_filter"]

    def rules(self) -> frozenset[str] | None:
        """The rule ids this profile's own run can report; None: every rule, or it cannot say."""
        found = self.rule_filter()
        return None if found is None else found.rules

    def with_profile(self, profile: Profile) -> StaticReviewer:
        """A copy of this reviewer running another profile; what was derived from the profile is derived
        again (semgrep: its rule files)."""
        clone = copy.copy(self)
        clone.profile = profile
        for derived in self.derived_from_profile:
            clone.__dict__.pop(derived, None)
        for klass in type(self).__mro__:
            for attr, value in vars(klass).items():
                if isinstance(value, cached_property):
                    clone.__dict__.pop(attr, None)
        clone.check_profile()
        return clone

    def with_settings(self, settings: dict, name: str) -> StaticReviewer:
        return self.with_profile(replace(self.profile, name=name, settings={**self.profile.settings, **settings}))

    def ask_tool(self, command: Callable[[str, Path], list[str]]) -> str:
        """The tool's stdout for a question other than a scan (which rules a profile selects), isolated as a
        scan is. `command(exe, workdir)` builds the command line."""
        exe = self.resolve_executable()
        with scratch_folder(f"redpen-{self.family}-") as tmp:
            home = tmp / "home"
            home.mkdir()
            return run_tool(command(exe, tmp), tmp, self.tool_env(home), self.options.timeout, self.ok_status)

    def tool_env(self, home: Path) -> dict[str, str]:
        return isolated_env(home, self.extra_env(home), self.tool.env_prefixes)

    # -- shared ----------------------------------------------------------------------------------
    @property
    def version(self) -> str:
        return tool_version(self.dist)

    @property
    def packages(self) -> dict[str, str]:
        """The installed versions of `dist_deps`."""
        return {dist: tool_version(dist) for dist in self.dist_deps}

    def _versions_key(self) -> dict[str, Any]:
        """The versions part of a cache key or fingerprint; a tool without `dist_deps` keeps the keys it had."""
        return {"tool": self.family, "version": self.version} | ({"packages": self.packages} if self.dist_deps
                                                                  else {})

    def profile_hash(self) -> str:
        extra = self.fingerprint_extra()
        return hashlib.sha256(f"{self.profile.sha256}\n{extra}".encode()).hexdigest() if extra else \
            self.profile.sha256

    def answer_fingerprint(self) -> str:
        return cache_key(**self._versions_key(), profile=self.profile_hash(), reader=self.reader_version)

    def resolve_executable(self) -> str:
        override = self.executable or os.environ.get(f"REDPEN_{self.family.upper()}_EXE")
        return find_executable(self.exe_name, override)

    def info(self) -> dict[str, Any]:
        info = {"tool": self.family, "version": self.version, "profile": self.profile.name,
                "profile_path": str(self.profile.path), "profile_sha256": self.profile.sha256}
        if self.dist_deps:
            info["packages"] = self.packages
        if self.fingerprint_extra():
            info["cache_fingerprint"] = self.profile_hash()
        return info

    def run_batch(self, files: dict[str, Path]) -> BatchRun:
        """Stage `files` (content hash -> source path) under neutral names and run the tool once over them; a
        snippet of a package module is staged inside a copy of its package (reviewers/tools/package_site.py)."""
        exe = self.resolve_executable()
        with scratch_folder(f"redpen-{self.family}-") as tmp:
            stage, home = tmp / "stage", tmp / "home"
            stage.mkdir()
            home.mkdir()
            names: dict[str, str] = {}
            paths: list[str] = []
            roots: dict[Path, Path] = {}  # a package's import root -> its copy's folder under stage
            for number, (digest, source) in enumerate(sorted(files.items())):
                name = f"s{number:04d}.py"
                path = staged_path(stage, roots, self.place(source), name)
                path.write_bytes(source.read_bytes())
                names[name] = digest  # findings.staged_name reads sNNNN/__init__.py as sNNNN.py
                paths.append(path.relative_to(stage).as_posix())
            cmd = self.command(exe, paths, tmp)
            output = run_tool(cmd, stage, self.tool_env(home), self.options.timeout, self.ok_status)
        return BatchRun(names, output, cmd)

    @property
    def _placed(self) -> dict[str, str]:
        """Content hash -> the digest of the package `lookup` placed it in (made on first use)."""
        return self.__dict__.setdefault("_package_digests", {})

    def place(self, source: Path) -> PackageSite | None:
        """The package a snippet is staged in, or None: alone. The cache key names it (`cache_keys`)."""
        return site_of(source)

    def scan(self, files: dict[str, Path]) -> dict[str, FileResult]:
        """Run the tool once, here, over `files` (content hash -> source path); a result per content hash."""
        if not files:
            return {}
        batch = self.run_batch(files)
        names = batch.names
        try:
            results = self.parse(batch.output, sorted(names))
        except (ValueError, KeyError, TypeError) as exc:
            raise ToolError(f"{self.family} wrote output that cannot be read: {type(exc).__name__}: {exc}") from None
        for name, result in results.items():
            if result.error:  # the neutral name means nothing to a reader of the row
                result.error = result.error.replace(name, "the file").replace(Path(name).stem, "the file")
        return {digest: results.get(name, FileResult()) for name, digest in names.items()}

    def cache_keys(self, digests: Iterable[str]) -> dict[str, str]:
        """A snippet `lookup` placed in its package adds the package's digest; one alone keeps the key it had."""
        profile_hash = self.profile_hash()
        versions = self._versions_key()
        return {d: cache_key(**versions, profile=profile_hash, file=d, reader=self.reader_version,
                             **({"package": self._placed[d]} if d in self._placed else {})) for d in digests}

    def lookup(self, files: dict[str, Path]) -> tuple[dict[str, FileResult], dict[str, Path]]:
        """(cached results, files missing from the cache) for `files` (content hash -> source path)."""
        self._placed.update({digest: site.digest for digest, path in files.items() if (site := self.place(path))})
        keys = self.cache_keys(files)
        cache = open_cache_of(self.options)
        found = cache.get_many(list(keys.values())) if cache is not None else {}
        cached = {d: FileResult.from_dict(found[key]) for d, key in keys.items() if key in found}
        return cached, {d: path for d, path in files.items() if d not in cached}

    def store(self, results: dict[str, FileResult]) -> None:
        cache = open_cache_of(self.options)
        if cache is not None:
            keys = self.cache_keys(results)
            cache.put_many({keys[d]: result.to_dict() for d, result in results.items()})
            cache.flush()

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        """A static reviewer's tool runs are planned with the other profiles of the run (run/tool_runs.py,
        `review_tools`): the runner and tune call that, which then emits each profile's rows."""
        raise TypeError(f"{self.family}: a static reviewer is run through redpen_bench.run.tool_runs.review_tools")

    def emit_rows(self, tasks: Sequence[Task], results: dict[str, FileResult], emit: Emit, cached: bool) -> None:
        """The rows of the `tasks` whose file has a result in `results` (content hash -> result), in its order."""
        by_digest: dict[str, list[Task]] = {}
        for task in tasks:
            by_digest.setdefault(task.snippet.sha256, []).append(task)
        for digest, result in results.items():
            findings = [f.to_dict() for f in sorted(result.findings)]
            verdict = error_verdict(result.error) if result.error else verdict_from_findings(result.findings)
            for task in by_digest.get(digest, ()):
                emit(task, verdict, findings=findings, cached=cached)
