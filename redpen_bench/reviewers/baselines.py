"""Baselines: what doing nothing, crying wolf, guessing and knowing the answer would score."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from redpen_bench.model.verdict import Verdict
from redpen_bench.reviewers import BASELINES
from redpen_bench.reviewers.base import Emit, Reviewer, SpecError, Task

__all__ = ["BASELINES", "AlwaysNo", "AlwaysYes", "Oracle", "RandomGuess"]  # BASELINES: the registry's kind


class AlwaysNo(Reviewer):
    family = "always-no"

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        for task in tasks:
            emit(task, Verdict(defect=False, raw="DEFECT: no\nLINES: none\nEXPLANATION:"))


class AlwaysYes(Reviewer):
    family = "always-yes"

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        for task in tasks:
            emit(task, Verdict(defect=True, raw="DEFECT: yes\nLINES: none\nEXPLANATION:"))


class RandomGuess(Reviewer):
    """Yes with probability p. Each snippet's draw is seeded by (seed, file path, sample), so a resumed or
    partial run gives the same answers as a whole one."""

    family = "random"

    def __init__(self, arg, options):
        super().__init__(arg, options)
        try:
            self.p = 0.5 if arg is None else float(arg)
        except ValueError:
            raise SpecError(f"reviewer 'random:{arg}': P must be a probability between 0 and 1") from None
        if not 0.0 <= self.p <= 1.0:
            raise SpecError(f"reviewer 'random:{arg}': P must be a probability between 0 and 1")

    def info(self):
        return {"p": self.p, "seed": self.options.seed}

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        for task in tasks:
            key = f"{self.options.seed}\t{task.snippet.rel_path}\t{task.sample}".encode()
            draw = random.Random(hashlib.sha256(key).digest()).random()
            yes = draw < self.p
            emit(task, Verdict(defect=yes, raw=f"DEFECT: {'yes' if yes else 'no'}\nLINES: none\nEXPLANATION:"))


class Oracle(Reviewer):
    """Reads the ground truth: planted lines and the first phrase of each keyword group. Scores exactly 1;
    anything else means the scorer or the corpus is broken."""

    family = "oracle"

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        for task in tasks:
            snippet = task.snippet
            if not snippet.defective:
                emit(task, Verdict(defect=False, raw="DEFECT: no\nLINES: none\nEXPLANATION:"))
                continue
            lines = list(snippet.planted_lines)
            explanation = "; ".join(group[0] for group in snippet.keywords)
            raw = f"DEFECT: yes\nLINES: {', '.join(map(str, lines))}\nEXPLANATION: {explanation}"
            emit(task, Verdict(defect=True, lines=lines, explanation=explanation, raw=raw))
