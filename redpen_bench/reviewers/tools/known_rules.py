"""Which rules an installed tool knows, asked of the tool once: per process, and across runs in the verdict cache
(keyed by the tool and its version, as verdicts are), so a warm run asks nothing.

A tool that cannot say (missing, a test's fake, output that cannot be read) gets no check: its own run then
fails or answers as it always did, and says why in its rows.
"""

from __future__ import annotations

import os
import threading
from typing import Protocol

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


def known_rules(reviewer: StaticReviewer) -> frozenset[str] | None:
    override = reviewer.executable or os.environ.get(f"REDPEN_{reviewer.family.upper()}_EXE")
    key = (reviewer.family, reviewer.version, override)
    with _GUARD:
        lock = _LOCKS.setdefault(key, threading.Lock())
    with lock:  # profiles of one tool checked side by side ask the tool once
        if key not in _KNOWN:
            _KNOWN[key] = _ask(reviewer, stored=override is None)
        return _KNOWN[key]


def _ask(reviewer: StaticReviewer, stored: bool) -> frozenset[str] | None:
    cache = open_cache_of(reviewer.options) if stored else None
    cache_id = cache_key(tool=reviewer.family, version=reviewer.version, known_rules=1)
    if cache is not None:
        found = cache.get_many([cache_id]).get(cache_id)
        if isinstance(found, list):
            return frozenset(found)
    try:
        rules = reviewer.list_rules()
    except (ToolError, ValueError):
        return None
    if rules and cache is not None:
        cache.put_many({cache_id: sorted(rules)})
        cache.flush()
    return rules or None
