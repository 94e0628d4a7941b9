"""Keyword matching of explanations (corpus/FORMAT.md, "Keyword matching"); it knows no reviewer.

`words` (the default) matches a phrase on normalised text at the start of a word, so "negat" hits "negative"
and "`and`" hits "and", while "sign" does not hit "assign" nor "ml" "mg_per_ml". `substring` is the seed's rule
(casefolded substring anywhere), kept to compare a result with scores made before corpus 1.1.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

MODES = ("words", "substring")
DEFAULT_MODE = "words"

# Markdown emphasis around a run of text on one line: *x*, **x**, _x_, __x__ (not inside a word such as
# mg_per_ml, not "a * b" with spaces inside the markers).
_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,3}|_{1,3})(?=\S)([^\n]*?\S)\1(?![\w*])")
_QUOTES = re.compile(r"[`\"'“”‘’«»]")
_HYPHEN = re.compile(r"(?<=[^\W\d_])[-‐‑–](?=[^\W\d_])")  # back-to-back == back to back
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Casefolded, markdown emphasis, backticks and quotes stripped, hyphens between letters as spaces,
    whitespace collapsed."""
    text = _EMPHASIS.sub(r"\2", text)
    text = _QUOTES.sub("", text.casefold())
    text = _HYPHEN.sub(" ", text)
    return _SPACE.sub(" ", text).strip()


@lru_cache(maxsize=16384)
def normalised_phrase(phrase: str) -> str:
    """normalise() of a keyword phrase, remembered: a corpus repeats its phrases across items and variants."""
    return normalise(phrase)


def phrase_hits(normalised_text: str, phrase: str) -> bool:
    """Whether `phrase` occurs in an already normalised text, starting at a word start when it starts with a
    letter, digit or underscore (a phrase such as "<=" may stand anywhere)."""
    # str.find rather than one regex per phrase: compiling thousands of patterns cost a second per report.
    # A word start is what the regex (?<!\w) means: no letter, digit or underscore just before.
    norm = normalised_phrase(phrase)
    at = normalised_text.find(norm)
    if not _word_char(norm[:1]):
        return at >= 0
    while at > 0:
        if not _word_char(normalised_text[at - 1]):
            return True
        at = normalised_text.find(norm, at + 1)
    return at == 0


def _word_char(char: str) -> bool:
    """What the regex \\w matches in a str pattern: a letter, a digit or an underscore."""
    return char.isalnum() or char == "_"


def group_hits(explanation: str, groups: Sequence[Sequence[str]], mode: str = DEFAULT_MODE) -> list[bool]:
    """For each keyword group, whether any of its phrases occurs in the explanation."""
    if mode == "substring":
        text = explanation.casefold()
        return [any(p.casefold() in text for p in group) for group in groups]
    if mode != "words":
        raise ValueError(f"unknown keyword matching {mode!r}; known: {', '.join(MODES)}")
    text = normalise(explanation)
    return [any(phrase_hits(text, p) for p in group) for group in groups]


def keyword_recall(explanation: str, groups: Sequence[Sequence[str]], mode: str = DEFAULT_MODE) -> float:
    """Groups hit / groups (0 for no group)."""
    if not groups:
        return 0.0
    return sum(group_hits(explanation, groups, mode)) / len(groups)
