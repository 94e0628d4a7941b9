"""An answer as stored: parsed whole, kept to a bounded size in its row and in the cache.

A 5 MB answer x 176 snippets made a 1.85 GB verdict file. An answer's raw text and its explanation are each
kept to their first MAX_STORED_BYTES (64 KiB: hundreds of times a real review, and 176 such rows stay under
25 MB); the verdict (defect, lines, explanation) is read from the whole answer before it is cut, and the row
says `"truncated": true`. The cache keeps the cut text and, for a cut answer, the whole answer's verdict, so a
cached row is the row the first run stored. An answer whose LINES names more than verdict.MAX_LINES lines keeps
the first of them, and its row says `"truncated": true` too (200,000 numbers made a 1.5 MB row).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from redpen_bench.model.verdict import Verdict, parse_answer

MAX_STORED_BYTES = 64 * 1024


def cut(text: str, limit: int = MAX_STORED_BYTES) -> str:
    """The first `limit` bytes of `text` in UTF-8, never half a character."""
    data = text.encode()
    return text if len(data) <= limit else data[:limit].decode(errors="ignore")


def stored_verdict(text: str) -> tuple[Verdict, bool]:
    """The verdict of the whole answer, with its raw text and explanation cut to MAX_STORED_BYTES (a 5 MB answer
    x 176 made a 1.85 GB verdict file); True when something was cut."""
    verdict = parse_answer(text)
    raw, explanation = cut(verdict.raw), cut(verdict.explanation)
    truncated = raw != verdict.raw or explanation != verdict.explanation or verdict.lines_cut
    return dataclasses.replace(verdict, raw=raw, explanation=explanation), truncated


def from_cache(hit: dict[str, Any], scrub: Callable[[str], str]) -> tuple[Verdict, bool]:
    """A cached answer's verdict: parsed from its text, or as the whole answer said when the text was cut."""
    said = hit.get("verdict")
    if said is None:
        verdict = parse_answer(scrub(hit["raw"]))
        return verdict, verdict.lines_cut
    return Verdict(said["defect"], list(said["lines"]), scrub(said["explanation"]), scrub(hit["raw"])), True
