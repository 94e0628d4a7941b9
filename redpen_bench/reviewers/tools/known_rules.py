"""What an installed tool says about itself (which rules it knows; which rules a profile selects), asked of the
tool once: per process, and across runs in the verdict cache (keyed by the tool, its version and the question,
as verdicts are keyed), so a warm run asks nothing.

A tool that cannot say (missing, a test's fake, output that cannot be read) gets no check: its own run then
fails or answers as it always did, and says why in its rows.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any, Protocol

from redpen_bench.reviewers.base import ReviewOptions, cache_key, open_cache_of
from redpen_bench.reviewers.tools.process import ToolError


class StaticReviewer(Protocol):
    """What is asked of a static reviewer here (reviewers/tools/static.py, which imports this module)."""

    family: str
    version: str
    executable: str | None
    options: ReviewOptions

    def list_rules(self) -> frozenset[str] | None: ...

_KNOWN: dict[tuple, frozenset[str] | None] = {}
_LOCKS: dict[tuple, threading.Lock] = {}
_GUARD = threading.Lock()


def _override(reviewer: StaticReviewer) -> str | None:
    """An executable set apart from the installed tool, whose version is not the installed package's."""
    return reviewer.executable or os.environ.get(f"REDPEN_{reviewer.family.upper()}_EXE")


def known_rules(reviewer: StaticReviewer) -> frozenset[str] | None:
    key = (reviewer.family, reviewer.version, _override(reviewer))
    with _GUARD:
        lock = _LOCKS.setdefault(key, threading.Lock())
    with lock:  # profiles of one tool checked side by side ask the tool once
        if key not in _KNOWN:
            try:
                rules = stored_answer(reviewer, {"known_rules": 1}, lambda: sorted(reviewer.list_rules() or ()))
            except (ToolError, ValueError):
                rules = None
            _KNOWN[key] = frozenset(rules) if rules else None
        return _KNOWN[key]


def stored_answer(reviewer: StaticReviewer, question: dict[str, Any], ask: Callable[[], Any]) -> Any:
    """`ask()`'s answer (JSON-able), or the one an earlier run stored in the verdict cache for the same tool,
    version and `question`. An empty answer is not stored, nor any answer of an executable set apart."""
    cache = open_cache_of(reviewer.options) if _override(reviewer) is None else None
    cache_id = cache_key(tool=reviewer.family, version=reviewer.version, **question)
    if cache is not None:
        found = cache.get_many([cache_id]).get(cache_id)
        if found:
            return found
    answer = ask()
    if answer and cache is not None:
        cache.put_many({cache_id: answer})
        cache.flush()
    return answer
