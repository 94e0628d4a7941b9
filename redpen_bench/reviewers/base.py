"""What every reviewer adapter is: take the corpus's scored files, return verdicts. It never grades itself."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal, Protocol

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Variant
from redpen_bench.model.verdict import Verdict


class SpecError(InputError):
    """A reviewer spec that names no reviewer, or one whose argument is wrong."""


def cache_key(**parts: Any) -> str:
    """The verdict cache's key: the SHA-256 of exactly what changes the answer (never a secret)."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


class VerdictCache(Protocol):
    """What a reviewer may do with the verdict cache the run opened (run/cache.py). A broken cache answers
    nothing and stores nothing rather than raise: a reviewer never needs to guard its calls."""

    def get_many(self, keys: list[str]) -> dict[str, Any]: ...

    def put_many(self, items: Mapping[str, Any]) -> None: ...  # may be committed later, by flush()

    def flush(self) -> None: ...


@dataclass(frozen=True)
class Task:
    """One answer to get: a scored snippet, and which repeated sample of it."""

    snippet: Variant
    sample: int = 0


class TaskExecutor(Protocol):
    """Where a reviewer may send CPU-bound work (static-analyzer batches), opened by the caller of the run
    (run/executor.py Executor): named here, not imported, so this layer never imports the one above it."""

    distributed: bool  # True: tasks leave this machine's pools and carry what they need (file contents)
    workers: int

    def run_all(self, function: Callable, work: Sequence[tuple], progress: Any = None) -> list: ...


@dataclass
class ReviewOptions:
    """Everything from the command line or redpen.toml that may change how a reviewer answers."""

    seed: int = 0
    samples: int = 1
    # the verdict cache: "default" (REDPEN_CACHE or ~/.cache/redpen-bench/cache.sqlite3) or a file, which the
    # run opens once and puts here as an open cache; None: no cache at all (--no-cache)
    cache: VerdictCache | Path | Literal["default"] | None = "default"
    timeout: float = 600.0  # a tool run
    request_timeout: float = 120.0  # one LLM request
    # LLM reviewers
    base_url: str | None = None
    prompt: Path | None = None
    system: Path | None = None
    temperature: float | None = 0.0
    max_tokens: int | None = None  # None: the family's default answer limit
    params: dict[str, Any] = field(default_factory=dict)
    # requests in flight at once; None: 8, or 1 for a server on this machine (reviewers/llm/reviewer.py)
    concurrency: int | None = None
    # ask the server to constrain the answer to the verdict's fields: "json-schema" (response_format) or
    # "grammar" (llama.cpp's GBNF `grammar` field) for OpenAI-compatible servers; Anthropic uses tool use
    structured: str | None = None
    retries: int = 5
    rpm: float | None = None
    max_cost: float | None = None
    dry_run: bool = False
    prices: dict[str, dict[str, float]] = field(default_factory=dict)  # model -> USD/Mtok, over prices.toml
    # `sarif:` result kinds counted as findings (None: fail, review and open, as code-scanning UIs show them)
    sarif_kinds: tuple[str, ...] | None = None
    # how many reviewers this run starts side by side: a tool that would fan out over the cores holds back
    side_by_side: int = 1
    # --executor: None or a local one: every tool runs in this process's own subprocesses, as always
    executor: TaskExecutor | None = None
    # corpus.toml [code_style] (corpus/FORMAT.md): the project's own formatter and import-sort settings, which a
    # tool that checks style lints with (ruff: [code_style.ruff]); None: the tool's defaults, as always
    code_style: dict[str, Any] | None = None


# emit(task, verdict, **meta): called once per task, from any thread; meta lands in the row.
# emit(..., reviewer=KEY) files the row under KEY instead of the spec's key (replay files of several reviewers)
Emit = Callable[..., None]


class RunStep(Protocol):
    """What the runner drives: a reviewer, or a run step that files rows made elsewhere (replay, inspect) or made
    from other reviewers' stored rows (ensembles). Every family's factory makes one (reviewers/__init__.py)."""

    family: str
    takes_samples: bool

    def info(self) -> dict[str, Any]: ...

    def answer_fingerprint(self) -> str: ...

    def prepare(self, snippets: Sequence[Variant]) -> None: ...

    def review(self, tasks: Sequence[Task], emit: Emit) -> None: ...

    def estimate(self, tasks: Sequence[Task]) -> dict[str, Any] | None: ...

    def progress_note(self) -> str: ...


class Reviewer:
    """Base of all adapters. Subclasses set `family` and implement `review`."""

    family: ClassVar[str] = ""
    takes_samples: ClassVar[bool] = False  # deterministic tools answer once whatever --samples says
    name: str | None = None  # the name the user gave it (NAME=SPEC), set by make_reviewer; None when unnamed

    def __init__(self, arg: str | None, options: ReviewOptions):
        self.arg = arg
        self.options = options

    def info(self) -> dict[str, Any]:
        """What the manifest records about this reviewer: versions, profile or prompt hashes. Cheap."""
        return {}

    def answer_fingerprint(self) -> str:
        """A hash of exactly what changes this reviewer's answers (tool version and profile, model and prompt...).
        A run folder whose rows were made under another fingerprint asks every snippet again."""
        return hashlib.sha256(json.dumps(self.info(), sort_keys=True, default=str).encode()).hexdigest()

    def prepare(self, snippets: Sequence[Variant]) -> None:
        """Called before any reviewer of a run starts, with every scored file of the corpus: read now what a bad
        input would stop the run for (a SARIF log that maps onto no corpus file), so nothing starts that
        cannot finish."""

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        raise NotImplementedError

    def estimate(self, tasks: Sequence[Task]) -> dict[str, Any] | None:
        """For --dry-run: requests, tokens and cost it would spend; None for reviewers that cost nothing."""
        return None

    def progress_note(self) -> str:
        """What the progress line says beside the reviewer's name while it waits (an LLM's request timeout)."""
        return ""

    def scrub(self, text: str) -> str:
        """`text` with this reviewer's secrets (an LLM's API key) replaced: the run applies it to every error text
        and traceback of this reviewer it stores. A reviewer that holds no secret returns `text` as it is."""
        return text


def error_verdict(message: str) -> Verdict:
    return Verdict(defect=None, error=message)


def open_cache_of(options: ReviewOptions) -> VerdictCache | None:
    """The open verdict cache a reviewer may use, or None: a file the run has not opened is not used here."""
    cache = options.cache
    return None if cache is None or isinstance(cache, str | Path) else cache
