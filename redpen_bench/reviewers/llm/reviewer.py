"""What every LLM reviewer shares: the prompt (prompt.py), the cache, cost, and asking every snippet through the pool.

A provider adapter (openai_chat, anthropic_messages) adds only its SDK: a client, one request, its errors.
Keys come from the environment, live in the adapter object only, and are scrubbed from every error message:
they never reach the cache, a row, the manifest or a log (reviewers/llm/secrets.py).

An answer is stored as a row first, then put in the cache: a cache that fails loses no paid answer. An answer
longer than answers.MAX_STORED_BYTES is parsed whole but stored cut to that size, its row marked `truncated`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import importlib
import logging
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

from redpen_bench.reviewers.base import (
    Emit,
    Reviewer,
    ReviewOptions,
    SpecError,
    Task,
    VerdictCache,
    cache_key,
    error_verdict,
    open_cache_of,
)
from redpen_bench.reviewers.llm import failures
from redpen_bench.reviewers.llm.answers import from_cache, stored_verdict
from redpen_bench.reviewers.llm.pool import Budget, Failure, Outcome, run_pool
from redpen_bench.reviewers.llm.prices import cost_usd, find_price
from redpen_bench.reviewers.llm.prompt import load_prompt, read_prompt_file
from redpen_bench.reviewers.llm.secrets import Scrubber, read_key

log = logging.getLogger("redpen_bench")

PLACEHOLDER_KEY = "redpen-no-key"  # local servers want some key and check none
CHARS_PER_TOKEN = 4  # --dry-run's input estimate when the model's tokenizer is not known
# measured with SmolLM2-135M on llama.cpp's server: characters / 4 said 108,647 input tokens for the corpus, the
# server counted 140,147 (its chat template, and code at about 3.1 characters a token)
ROUGH_INPUT = "characters / 4, a rough estimate (it counted 29 % fewer input tokens than a llama.cpp server did)"
CONNECT_TIMEOUT = 10.0  # seconds to open a connection (at most --timeout): a dead host is known in seconds
DEFAULT_CONCURRENCY = 8
LOCAL_CONCURRENCY = 1  # a server on this machine computes one answer at a time: more requests only queue there
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})


@dataclass(frozen=True)
class Answer:
    text: str
    input_tokens: int | None = None
    output_tokens: int | None = None


class LLMReviewer(Reviewer):
    """Base of the LLM adapters. Subclasses set the class attributes and implement the three SDK methods."""

    takes_samples = True
    provider: ClassVar[str] = ""
    sdk: ClassVar[str] = ""  # distribution name, for the manifest
    sdk_module: ClassVar[str] = ""  # import name, for its error classes
    key_env: ClassVar[str] = ""
    base_url_env: ClassVar[str] = ""
    default_base_url: ClassVar[str] = ""
    default_max_tokens: ClassVar[int] = 1024  # sent when --max-tokens is not given: a looping model stops there
    # what --structured offers on this API: the user's word -> the mode sent (and recorded in the cache key);
    # declared by the adapter, so a subclass for another provider of the same API offers the same (structured.py)
    structured_modes: ClassVar[dict[str, str]] = {}

    def __init__(self, arg: str | None, options: ReviewOptions):
        super().__init__(arg, options)
        if not arg:
            raise SpecError(f"reviewer '{self.family}': name the model, e.g. {self.family}:MODEL")
        self.model = arg
        self.prompt = load_prompt(options.prompt)
        self.system = read_prompt_file(Path(options.system), "system prompt") if options.system else None
        self.base_url = (options.base_url or os.environ.get(self.base_url_env) or "").rstrip("/") or None
        self._key = read_key(self.key_env)  # stripped; one with a control character inside is refused
        self._scrubber = Scrubber(self._key)  # the key, and the masked forms servers echo, replaced by [key]
        if self._key is None and self.base_url is None and not options.dry_run:
            raise SpecError(
                f"reviewer '{self.family}:{arg}': set {self.key_env} in the environment (or give --base-url / "
                f"{self.base_url_env} for a local server that needs no key)"
            )
        self.max_tokens = options.max_tokens if options.max_tokens is not None else self.default_max_tokens
        self.structured = self.structured_modes.get(options.structured) if options.structured else None
        if options.structured and self.structured is None:
            raise SpecError(f"reviewer '{self.family}:{arg}': --structured {options.structured} is not offered by "
                            f"{self.family}: (use --structured)")
        self.concurrency = options.concurrency or (LOCAL_CONCURRENCY if self.is_local() else DEFAULT_CONCURRENCY)
        self.price = find_price(self.model, options.prices)
        if options.max_cost is not None and self.price is None:
            raise SpecError(
                f"reviewer '{self.family}:{arg}': --max-cost needs a price for model '{arg}'; add it to a [prices] "
                f"table in redpen.toml (input = 0, output = 0 for a local model)"
            )

    # -- what a subclass provides
    def make_client(self) -> Any:
        raise NotImplementedError

    async def ask(self, client: Any, prompt: str) -> Answer:
        raise NotImplementedError

    def classify(self, exc: BaseException) -> Failure:
        where = failures.Endpoint(self.endpoint(), self.options.request_timeout, self.key_env, self._key is not None)
        return failures.classify(exc, self.sdk_module, where)

    def http_timeout(self) -> Any:
        """The SDK's `timeout=`: --timeout to read an answer, a short one to connect. Each SDK takes its own
        HTTP library's Timeout (httpx or its fork httpx2), which it exports as `Timeout`."""
        timeout = self.options.request_timeout
        return importlib.import_module(self.sdk_module).Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout))

    # -- shared
    @property
    def api_key(self) -> str:
        return self._key or PLACEHOLDER_KEY

    def scrub(self, text: str) -> str:
        return self._scrubber(text)

    def progress_note(self) -> str:
        return f"(up to {self.options.request_timeout:g} s a request)"

    def is_local(self) -> bool:
        """The server runs on this machine (a loopback address): it shares our CPUs and, as llama.cpp's servers
        do by default, computes one answer at a time."""
        return bool(self.base_url) and (urlsplit(self.base_url).hostname or "") in LOCAL_HOSTS

    def request_fields(self) -> dict[str, Any]:
        """Everything sent besides the prompt: part of the cache key and the manifest."""
        fields = {"temperature": self.options.temperature, "max_tokens": self.max_tokens,
                  "params": dict(sorted(self.options.params.items()))}
        if self.structured:  # only when set: the keys of unconstrained answers stay what they were
            fields["structured"] = self.structured
        return fields

    def endpoint(self) -> str:
        url = self.base_url or self.default_base_url
        return re.sub(r"//[^/@]*@", "//", url)  # drop user:password@ should a URL carry one

    def info(self) -> dict[str, Any]:
        try:
            sdk_version = metadata.version(self.sdk)
        except metadata.PackageNotFoundError:
            sdk_version = None
        return {
            "provider": self.provider, "model": self.model, "base_url": self.endpoint(),
            "sdk": {self.sdk: sdk_version},
            "prompt": {"name": self.prompt.name, "sha256": self.prompt.sha256},
            "system_sha256": hashlib.sha256(self.system.encode()).hexdigest() if self.system else None,
            "request": self.request_fields(), "price_usd_per_mtok": self.price,
            "concurrency": self.concurrency, "retries": self.options.retries, "rpm": self.options.rpm,
        }

    def answer_fingerprint(self) -> str:
        return cache_key(kind="llm", provider=self.provider, model=self.model, base_url=self.endpoint(),
                         prompt=self.prompt.sha256, system=self.system, request=self.request_fields())

    def cache_key(self, task: Task) -> str:
        return cache_key(
            kind="llm", provider=self.provider, model=self.model, base_url=self.endpoint(),
            prompt=self.prompt.sha256, system=self.system, request=self.request_fields(),
            sample=task.sample, snippet=task.snippet.sha256,
        )

    def render(self, task: Task) -> str:
        return self.prompt.render(task.snippet.text)

    def count_tokens(self, text: str) -> int | None:
        """Tokens of `text` by the model's own tokenizer, when this family knows it; None: estimate."""
        return None

    def input_estimate_note(self) -> str:
        return ROUGH_INPUT

    def estimated_tokens(self, prompt: str) -> tuple[int, int]:
        counted = self.count_tokens(prompt + (self.system or ""))
        if counted is None:
            counted = -(-(len(prompt) + len(self.system or "")) // CHARS_PER_TOKEN)
        return counted, self.max_tokens

    def estimated_cost(self, prompt: str) -> float:
        return cost_usd(self.price, *self.estimated_tokens(prompt)) or 0.0

    def _marks(self, truncated: bool) -> dict[str, Any]:
        """Row fields only some rows carry: a cut answer, and the structured-output mode (the report labels it)."""
        return ({"truncated": True} if truncated else {}) | ({"structured": self.structured} if self.structured else {})

    def _cached(self, tasks: Sequence[Task]) -> tuple[VerdictCache | None, list[str], dict[str, Any]]:
        cache = open_cache_of(self.options)
        keys = [self.cache_key(t) for t in tasks]
        return cache, keys, (cache.get_many(keys) if cache is not None else {})

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        cache, keys, hits = self._cached(tasks)
        todo = []
        for task, key in zip(tasks, keys):
            hit = hits.get(key)
            if hit is None:
                todo.append((task, key, self.render(task)))
                continue
            verdict, truncated = from_cache(hit, self.scrub)
            emit(task, verdict, latency_s=hit.get("latency_s"), cached=True,
                 input_tokens=hit.get("input_tokens"), output_tokens=hit.get("output_tokens"),
                 cost_usd=cost_usd(self.price, hit.get("input_tokens"), hit.get("output_tokens")),
                 **self._marks(truncated))
        if not todo:
            return
        result = asyncio.run(self._ask_all(todo, cache, emit))
        if result.fatal:
            raise LLMRequestError(result.fatal)
        if result.unasked:
            log.warning("%s:%s: --max-cost %.4g USD reached; %d requests not sent (the same command resumes)",
                        self.family, self.model, self.options.max_cost, result.unasked)

    async def _ask_all(self, todo: list[tuple[Task, str, str]], cache: VerdictCache | None, emit: Emit):
        def finish(job: tuple[Task, str, str], outcome: Outcome[Answer]) -> float | None:
            task, key, _ = job
            if outcome.answer is None:
                emit(task, error_verdict(self.scrub(outcome.error or "request failed")), attempts=outcome.attempts)
                return None
            answer = outcome.answer
            verdict, truncated = stored_verdict(self.scrub(answer.text))  # a key the model echoes: stored nowhere
            cost = cost_usd(self.price, answer.input_tokens, answer.output_tokens)
            emit(task, verdict, latency_s=outcome.latency_s, input_tokens=answer.input_tokens,
                 output_tokens=answer.output_tokens, cost_usd=cost, cached=False, attempts=outcome.attempts,
                 **self._marks(truncated))
            if cache is not None:  # after the row: the row is the answer's durable copy, the cache a convenience
                stored = {"raw": verdict.raw, "input_tokens": answer.input_tokens,
                          "output_tokens": answer.output_tokens, "latency_s": outcome.latency_s}
                if truncated:  # the cut text may not parse as the whole did: keep what the whole said
                    stored["verdict"] = {"defect": verdict.defect, "lines": verdict.lines,
                                         "explanation": verdict.explanation}
                cache.put_many({key: stored})  # committed in batches
            return cost

        def classify(exc: BaseException) -> Failure:
            failure = self.classify(exc)
            return dataclasses.replace(failure, message=self.scrub(failure.message))

        budget = Budget(self.options.max_cost) if self.options.max_cost is not None else None
        try:
            async with self.make_client() as client:
                return await run_pool(
                    todo, lambda job: self.ask(client, job[2]), classify, finish,
                    concurrency=self.concurrency, attempts=self.options.retries, rpm=self.options.rpm,
                    budget=budget, estimate=lambda job: self.estimated_cost(job[2]),
                )
        finally:
            if cache is not None:
                cache.flush()

    def estimate(self, tasks: Sequence[Task]) -> dict[str, Any]:
        _, keys, hits = self._cached(tasks)
        prompts = [self.render(t) for t, k in zip(tasks, keys) if k not in hits]
        tokens = [self.estimated_tokens(p) for p in prompts]
        input_tokens, output_tokens = sum(t[0] for t in tokens), sum(t[1] for t in tokens)
        estimate = {
            "model": self.model, "base_url": self.endpoint(), "requests": len(prompts), "cached": len(hits),
            "input_tokens": input_tokens, "output_tokens": output_tokens,
            "cost_usd": cost_usd(self.price, input_tokens, output_tokens), "price_usd_per_mtok": self.price,
            "assumes": f"input tokens: {self.input_estimate_note()}; output tokens: {self.max_tokens} per answer "
                       f"(the answer limit, an upper bound)",
        }
        if self.options.max_cost is not None:
            budget = Budget(self.options.max_cost)
            estimate["requests_within_max_cost"] = sum(1 for p in prompts if budget.reserve(self.estimated_cost(p)))
        return estimate


class LLMRequestError(Exception):
    """The provider refused every request (bad key, no such model): the rest become error rows naming this."""
