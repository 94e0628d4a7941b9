"""What `mutate` works on and what it keeps: source units, options, killed mutants and per-operator counts."""

from __future__ import annotations

import codecs
import hashlib
import io
import re
import tokenize
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redpen_bench.errors import InputError
from redpen_bench.generate.operators import OPERATORS

# the summary's columns, in order. generated: candidates the operators made; uncompilable, equivalent, duplicate,
# arid: dropped by the static filters; obvious: dropped as visible from the planted line alone (unless
# --include-obvious); checked: kill-checked; killed includes timeouts counted as kills;
# timed_out: every timeout, kills (marked) and discarded ones (the source ran too close to the limit);
# bad_lines: killed, dropped because the planted lines would not lie within the snippets' diff (a statement
# deleted with blank or comment lines on both sides: the gate accepts only the lines around the insertion)
SCAN_COLUMNS = ("generated", "uncompilable", "equivalent", "duplicate", "arid", "obvious")
COUNT_COLUMNS = (*SCAN_COLUMNS, "checked", "killed", "survived", "timed_out", "bad_lines")
HOM = "HOM"
TIER_ORDER = (*OPERATORS, HOM)  # tiers are operator families, always in this order; pairs are their own


# PEP 263's cookie, on the first line or on a second one below a comment or blank line
_COOKIE = re.compile(r"^([ \t\f]*#.*?coding[:=][ \t]*)([-\w.]+)")
_BLANK_OR_COMMENT = re.compile(r"^[ \t\f]*(?:[#\r\n]|$)")


class SourceError(InputError):
    """A source file Python itself could not read (an unknown codec, bytes its declared encoding rejects)."""


def read_source(path: Path) -> str:
    """A source file's text as Python reads it (PEP 263, as `tokenize.open`: its coding cookie or BOM, else UTF-8;
    universal newlines), with a cookie naming another encoding rewritten to utf-8. Everything mutate writes from
    it (checked modules, excerpts, item files) is UTF-8, so the rewritten cookie makes Python and the analyzers
    read those files as the same text; the cookie's line stays, so no line number moves."""
    data = path.read_bytes()
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = io.TextIOWrapper(io.BytesIO(data), encoding).read()
    except (SyntaxError, UnicodeDecodeError, LookupError) as exc:
        raise SourceError(f"{path}: cannot be read as Python reads it ({type(exc).__name__}: {exc})") from None
    if codecs.lookup(encoding).name == "utf-8":
        return text
    lines = text.split("\n", 2)
    for number, line in enumerate(lines[:2]):
        if _COOKIE.match(line):
            lines[number] = _COOKIE.sub(r"\1utf-8", line, count=1)
            break
        if not _BLANK_OR_COMMENT.match(line):
            break
    return "\n".join(lines)


def parse_operators(text: str | None) -> tuple[str, ...] | None:
    """Comma-separated operator codes (any case, each once, in the order given), or None for all of them."""
    if not text:
        return None
    codes = tuple(dict.fromkeys(code.strip().upper() for code in text.split(",") if code.strip()))
    unknown = [c for c in codes if c not in TIER_ORDER]
    if unknown or not codes:
        raise InputError(f"--operators '{text}': unknown {unknown}; known: {', '.join(TIER_ORDER)}")
    return codes


@dataclass(frozen=True)
class Options:
    """Everything that decides the output (never --jobs: the corpus is the same whatever it is)."""

    seed: int = 0
    operators: tuple[str, ...] | None = None
    max_per_function: int | None = None
    max_items: int | None = None
    timeout: float = 10.0
    hom_per_function: int = 2  # higher-order pairs kept per function, chosen by the seed
    include_obvious: bool = False  # keep mutants a reader sees from the planted line alone (marked in item.toml)

    def as_toml(self) -> dict:
        return {"operators": list(self.operators or ()), "max_per_function": self.max_per_function or 0,
                "max_items": self.max_items or 0, "timeout": self.timeout,
                "hom_per_function": self.hom_per_function, "include_obvious": self.include_obvious}


@dataclass(frozen=True)
class Unit:
    """One source file to mutate, and how its mutants are checked."""

    name: str  # relative, stable: "e01-invoice-tax/fixed.py" or "pkg/money.py"; names the cluster
    path: Path
    slug: str  # the item id's tail: the source item or the module
    check: str = "check_original"  # corpus mode: the source item's check function
    test_path: Path | None = None  # corpus mode: the source item's test_item.py
    clean: Path | None = None  # corpus mode: an independent correct control for the same task

    @property
    def source(self) -> str:
        return read_source(self.path)

    def seed(self, seed: int) -> int:
        """A seed of its own per unit: sampling in one file does not depend on which other files are mutated."""
        return int.from_bytes(hashlib.sha256(f"{seed}\0{self.name}".encode()).digest()[:4], "big")


@dataclass(frozen=True)
class Killed:
    unit: Unit
    mutant: Any  # operators.Mutant
    tests: tuple[str, ...]  # killing tests
    timed_out: bool  # killed by a timeout (the source ran well inside the limit)


@dataclass
class UnitResult:
    unit: Unit
    killed: list[Killed] = field(default_factory=list)
    counts: dict[str, Counter] = field(default_factory=dict)  # operator -> column -> n
    skipped: str = ""  # why the unit was not mutated (a file that does not parse), else empty

    def count(self, operator: str, column: str, n: int = 1) -> None:
        self.counts.setdefault(operator, Counter())[column] += n


def add_scan_counts(result: UnitResult, scan_counts: Any) -> None:
    """The static filters' tallies (operator -> {reason: n}) beside the kill checks' own."""
    for operator, tally in dict(scan_counts or {}).items():
        for column, n in dict(tally).items():
            if column in SCAN_COLUMNS:
                result.count(operator, column, int(n))
