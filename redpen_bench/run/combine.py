"""`ensemble:A+B+...` and `ensemble-vote:A+B+...`: a run step that turns stored rows into rows, to see whether two
tools together beat either alone. It is not a reviewer: it reads no file and asks nobody.

Components are reviewer specs separated by '+' (each may be `tool:profile` or `NAME=spec`); the runner runs every
component the run does not already run, into the same folder, under its own key, as if it had been asked for on
its own. Once they are done, per snippet:
- union (`ensemble`): yes when any component says yes;
- majority (`ensemble-vote`): yes when more than half say yes; a tie is no.
A yes names the union of the lines of the components that said yes, and joins their explanations, each tagged
`[KEY]`; like every "no", a component's no names nothing. A component's unreadable answer counts as no (as the
scorer counts it); a component's error row makes the ensemble's row an error naming that component.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import Verdict
from redpen_bench.reviewers import Spec, parse_spec
from redpen_bench.reviewers.base import Emit, SpecError, Task, error_verdict
from redpen_bench.run.steps import StepContext


def components_of(spec: Spec) -> list[Spec]:
    """The reviewers an ensemble spec combines, checked: two or more, none named twice, no ensemble inside."""
    family, arg = spec.family, spec.arg
    example = f"{family}:ruff:bugs+pylint"
    if not arg:
        raise SpecError(f"reviewer '{family}': name the reviewers it combines, e.g. {example}")
    parts = [part.strip() for part in arg.split("+")]
    if any(not part for part in parts):
        raise SpecError(f"reviewer '{family}:{arg}': an empty component between '+' signs")
    components = [parse_spec(part) for part in parts]
    for component in components:
        if component.kind == "combination":  # its '+' would be ours: it can only be this ensemble again
            raise SpecError(f"reviewer '{family}:{arg}': component '{component.text}' is an ensemble; "
                            "an ensemble cannot contain an ensemble (nor itself)")
    keys = [c.key for c in components]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise SpecError(f"reviewer '{family}:{arg}': component {twice} named twice")
    if len(keys) < 2:
        raise SpecError(f"reviewer '{family}:{arg}': combine at least two reviewers, e.g. {example}")
    if spec.named and spec.key in keys:
        raise SpecError(f"reviewer '{spec.key}={family}:{arg}': it names itself as a component")
    return components


class Ensemble:
    """The run step of one ensemble spec over one run folder (the runner drives it like a reviewer): the factory
    of the registry's combination families."""

    takes_samples = False
    components_of = staticmethod(components_of)  # what a combination factory says it combines (run/steps.py)

    def __init__(self, spec: Spec, context: StepContext):
        self.spec = spec
        self.family = spec.family
        self.majority = spec.family == "ensemble-vote"
        self.components = components_of(spec)
        self.folder, self.corpus = context.folder, context.corpus

    def prepare(self, snippets) -> None:
        """Nothing to read before the run: the components' rows exist only once they have run."""

    def info(self) -> dict[str, Any]:
        return {"mode": "majority" if self.majority else "union",
                "components": [spec.key for spec in self.components]}

    def answer_fingerprint(self) -> str:
        """Its mode and components, and what each component's answers were made with: a component asked again
        under another profile or model makes the ensemble's rows again."""
        stored = self.folder.read_manifest().get("reviewers", {}) if self.folder.manifest_path.exists() else {}
        made = {spec.key: stored.get(spec.key, {}).get("fingerprint") for spec in self.components}
        text = json.dumps({"info": self.info(), "components": made}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()

    def estimate(self, tasks: Sequence[Task]) -> None:
        return None  # combining costs nothing; the components' own plans say what they spend

    def progress_note(self) -> str:
        return ""

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        keys = {spec.key for spec in self.components}
        # rows answering no snippet of the corpus (run/foreign.py) are not a component's answer
        rows = {(r.reviewer, r.item, r.variant): r for r in self.folder.rows(corpus=self.corpus)
                if r.reviewer in keys and r.sample == 0}
        for task in tasks:
            answers = [(spec.key, rows.get((spec.key, task.snippet.item_id, task.snippet.name)))
                       for spec in self.components]
            said = {key: None if row is None else _said(row) for key, row in answers}
            emit(task, self.combine(answers), components=said)

    def combine(self, answers: list[tuple[str, VerdictRow | None]]) -> Verdict:
        for key, row in answers:
            if row is None:
                return error_verdict(f"component {key} gave no verdict")
            if row.error:
                return error_verdict(f"component {key} failed: {row.error}")
        said_yes = [(key, row) for key, row in answers if row.defect is True]
        yes = 2 * len(said_yes) > len(answers) if self.majority else bool(said_yes)
        if not yes:
            how = "more than half" if self.majority else "any"
            text = f"{len(said_yes)} of {len(answers)} components said yes; {how} needed"
            return Verdict(defect=False, explanation=text, raw=f"DEFECT: no\nLINES: none\nEXPLANATION: {text}")
        lines = sorted({int(n) for _, row in said_yes for n in row.lines})
        explanation = "\n".join(f"[{key}] {str(row.explanation or '').strip()}" for key, row in said_yes)
        raw = f"DEFECT: yes\nLINES: {', '.join(map(str, lines)) or 'none'}\nEXPLANATION: {explanation}"
        return Verdict(defect=True, lines=lines, explanation=explanation, raw=raw)


def _said(row: VerdictRow) -> str:
    if row.error:
        return "error"
    return {True: "yes", False: "no"}.get(row.defect, "unparsed")
