"""What `mutate` works on and what it keeps: source units, options, killed mutants and per-operator counts."""

from __future__ import annotations

import hashlib
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
        return self.path.read_text(encoding="utf-8")

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
