"""What the static-analyzer adapters share: stage files, run a tool once over all of them, map its findings back,
and cache verdicts by (tool, tool version, profile hash, file content hash).

Each tool is two parts: `command()` (how to run it) and `parse()` (its machine output -> findings per staged
file), so parsing is tested offline on recorded output. Files are staged under neutral names (s0000.py, ...)
in a fresh temporary folder, one copy per distinct content, so no ignore rule (semgrep skips tests/) and no
file name changes what a tool reports; every tool runs with HOME and XDG folders in that temporary folder and
without its environment variables, so a user's configuration never reaches it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from redpen_bench.adapters.base import Emit, Reviewer, ReviewOptions, Task, error_verdict
from redpen_bench.adapters.findings import Finding, verdict_from_findings
from redpen_bench.adapters.profiles import Profile, Schema, load_profile

TARGET_PYTHON = "3.11"  # the corpus's snippets are Python 3.11+
_TOOL_ENV_PREFIXES = ("RUFF_", "PYLINT", "BANDIT", "SEMGREP_", "XDG_")


class ToolError(RuntimeError):
    """The tool crashed, timed out, is missing or wrote output that cannot be read: every file it ran on
    gets an error row (the runner turns the raise into error rows for every file not yet answered)."""


@dataclass
class FileResult:
    """What one tool said about one file: its findings, or why it could not read the file."""

    findings: list[Finding] = field(default_factory=list)
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"findings": [f.to_dict() for f in self.findings], "error": self.error}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileResult:
        return cls([Finding(**f) for f in data["findings"]], data.get("error"))


@dataclass
class BatchRun:
    names: dict[str, str]  # staged file name -> content hash
    output: str  # the tool's stdout
    command: list[str]


def staged_name(path: str) -> str:
    """The staged file a tool's output path names: tools print it bare, with ./, or absolute."""
    return Path(path).name


def end_line(start: int, end: int | None, end_col: int | None, first_col: int) -> int:
    """A range that stops at the first column of a later line does not cover that line."""
    if end is None or end < start:
        return start
    if end > start and end_col is not None and end_col <= first_col:
        return end - 1
    return end


@cache
def tool_version(dist: str) -> str:
    """The installed package's version, read from its metadata: running `--version` would cost a process
    (semgrep: seconds) on every run, including a fully cached one."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return "unknown"


def find_executable(name: str, override: str | None = None) -> str:
    """`override` (attribute or REDPEN_<TOOL>_EXE), else the venv's bin beside sys.executable, else PATH."""
    if override:
        return override
    beside = Path(sys.executable).parent / name  # not resolved: a venv's python is a symlink out of the venv
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which(name)
    if not found:
        raise ToolError(f"{name}: executable not found beside {sys.executable} nor on PATH")
    return found


def isolated_env(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The caller's environment without any tool's variables, HOME and XDG folders in `home`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_TOOL_ENV_PREFIXES)}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"),
               XDG_DATA_HOME=str(home / ".local" / "share"), PYTHONDONTWRITEBYTECODE="1")
    env.update(extra or {})
    return env


def run_tool(cmd: Sequence[str], cwd: Path, env: dict[str, str], timeout: float,
             ok: Iterable[int] = (0, 1)) -> str:
    """Run a tool to the end or kill its whole process group at the timeout; return its stdout."""
    name = Path(cmd[0]).name
    try:
        proc = subprocess.Popen(list(cmd), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
    except OSError as exc:
        raise ToolError(f"{name} could not start: {exc}") from None
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # semgrep and pylint -j leave children
        proc.communicate()
        raise ToolError(f"{name} timed out after {timeout:g} s") from None
    if proc.returncode not in set(ok):
        tail = " | ".join(stderr.decode("utf-8", "replace").strip().splitlines()[-3:])
        raise ToolError(f"{name} exited with status {proc.returncode}: {tail or 'no message'}")
    return stdout.decode("utf-8", "replace")


class StaticReviewer(Reviewer):
    """A static analyzer run once over all files. Subclasses set the class attributes and write
    `command` and `parse`; `check_profile` and `fingerprint_extra` are optional hooks."""

    dist: ClassVar[str] = ""  # the package whose version keys the cache
    exe_name: ClassVar[str] = ""
    schema: ClassVar[Schema] = {}
    ok_status: ClassVar[tuple[int, ...]] = (0, 1)
    # bump when the command line or the parser changes what a file's findings are: old cache entries then miss
    reader_version: ClassVar[int] = 1
    executable: str | None = None  # tests point this (or REDPEN_<TOOL>_EXE) at a fake tool

    def __init__(self, arg: str | None, options: ReviewOptions):
        super().__init__(arg, options)
        self.profile: Profile = load_profile(self.family, arg, self.schema)
        self.check_profile()

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

    # -- shared ----------------------------------------------------------------------------------
    @property
    def version(self) -> str:
        return tool_version(self.dist)

    def profile_hash(self) -> str:
        extra = self.fingerprint_extra()
        return hashlib.sha256(f"{self.profile.sha256}\n{extra}".encode()).hexdigest() if extra else \
            self.profile.sha256

    def answer_fingerprint(self) -> str:
        from redpen_bench.cache import cache_key

        return cache_key(tool=self.family, version=self.version, profile=self.profile_hash(),
                         reader=self.reader_version)

    def resolve_executable(self) -> str:
        override = self.executable or os.environ.get(f"REDPEN_{self.family.upper()}_EXE")
        return find_executable(self.exe_name, override)

    def info(self) -> dict[str, Any]:
        info = {"tool": self.family, "version": self.version, "profile": self.profile.name,
                "profile_path": str(self.profile.path), "profile_sha256": self.profile.sha256}
        if self.fingerprint_extra():
            info["cache_fingerprint"] = self.profile_hash()
        return info

    def run_batch(self, files: dict[str, Path]) -> BatchRun:
        """Stage `files` (content hash -> source path) under neutral names and run the tool once over them."""
        exe = self.resolve_executable()
        with tempfile.TemporaryDirectory(prefix=f"redpen-{self.family}-") as tmp:
            stage, home = Path(tmp) / "stage", Path(tmp) / "home"
            stage.mkdir()
            home.mkdir()
            names: dict[str, str] = {}
            for number, (digest, source) in enumerate(sorted(files.items())):
                name = f"s{number:04d}.py"
                (stage / name).write_bytes(source.read_bytes())
                names[name] = digest
            cmd = self.command(exe, sorted(names), Path(tmp))
            output = run_tool(cmd, stage, isolated_env(home, self.extra_env(home)), self.options.timeout,
                              self.ok_status)
        return BatchRun(names, output, cmd)

    def scan(self, files: dict[str, Path]) -> dict[str, FileResult]:
        """Run the tool once over `files` (content hash -> source path); a result per content hash."""
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

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        from redpen_bench.cache import Cache, cache_key

        by_digest: dict[str, list[Task]] = {}
        for task in tasks:
            by_digest.setdefault(task.snippet.sha256, []).append(task)
        profile_hash = self.profile_hash()
        keys = {d: cache_key(tool=self.family, version=self.version, profile=profile_hash, file=d,
                             reader=self.reader_version) for d in by_digest}
        store = Cache(self.options.cache_path)
        cached = store.get_many(list(keys.values())) if self.options.use_cache else {}
        for digest, key in keys.items():
            if key in cached:
                self._emit(by_digest[digest], FileResult.from_dict(cached[key]), emit, cached=True)
        missing = {d: by_digest[d][0].snippet.path for d, key in keys.items() if key not in cached}
        results = self.scan(missing)
        store.put_many({keys[d]: result.to_dict() for d, result in results.items()})
        for digest, result in results.items():
            self._emit(by_digest[digest], result, emit, cached=False)

    def _emit(self, tasks: list[Task], result: FileResult, emit: Emit, cached: bool) -> None:
        findings = [f.to_dict() for f in sorted(result.findings)]
        verdict = error_verdict(result.error) if result.error else verdict_from_findings(result.findings)
        for task in tasks:
            emit(task, verdict, findings=findings, cached=cached)
