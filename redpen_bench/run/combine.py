"""`ensemble:A+B+...` and `ensemble-vote:A+B+...`: a reviewer made of other reviewers' verdicts on the same
files, to see whether two tools together beat either alone.

Components are reviewer specs separated by '+' (each may be `tool:profile` or `NAME=spec`); each is filed in the
run folder under its own key, as if it had been run on its own. Whatever verdicts the run folder lacks are run
first, through the runner, into the same folder. Then, per snippet:
- union (`ensemble`): yes when any component says yes;
- majority (`ensemble-vote`): yes when more than half say yes; a tie is no.
A yes names the union of the lines of the components that said yes, and joins their explanations, each tagged
`[KEY]`; like every "no", a component's no names nothing. A component's unreadable answer counts as no (as the
scorer counts it); a component's error row makes the ensemble's row an error naming that component.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from redpen_bench.model.verdict import Verdict
from redpen_bench.reviewers import Spec, make_reviewer, parse_spec
from redpen_bench.reviewers.base import Emit, Reviewer, SpecError, Task, error_verdict

ENSEMBLE_FAMILIES = ("ensemble", "ensemble-vote")


class Ensemble(Reviewer):
    family = "ensemble"
    majority = False
    combines_others = True  # the runner starts it after the other reviewers of the same run have finished

    def __init__(self, arg, options):
        super().__init__(arg, options)
        example = f"{self.family}:ruff:bugs+pylint"
        if not arg:
            raise SpecError(f"reviewer '{self.family}': name the reviewers it combines, e.g. {example}")
        parts = [part.strip() for part in arg.split("+")]
        if any(not part for part in parts):
            raise SpecError(f"reviewer '{self.family}:{arg}': an empty component between '+' signs")
        self.components: list[Spec] = [parse_spec(part) for part in parts]
        for spec in self.components:
            if spec.family in ENSEMBLE_FAMILIES:  # its '+' would be ours: it can only be this ensemble again
                raise SpecError(f"reviewer '{self.family}:{arg}': component '{spec.text}' is an ensemble; "
                                "an ensemble cannot contain an ensemble (nor itself)")
        keys = [spec.key for spec in self.components]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        if twice:
            raise SpecError(f"reviewer '{self.family}:{arg}': component {twice} named twice")
        if len(keys) < 2:
            raise SpecError(f"reviewer '{self.family}:{arg}': combine at least two reviewers, e.g. {example}")

    def info(self) -> dict[str, Any]:
        return {"mode": "majority" if self.majority else "union",
                "components": [spec.key for spec in self.components]}

    def _check_not_itself(self) -> None:
        if self.name and self.name in {spec.key for spec in self.components}:
            raise SpecError(f"reviewer '{self.name}={self.family}:{self.arg}': it names itself as a component")

    def _missing(self, tasks: Sequence[Task]) -> dict[str, list]:
        """Component key -> the snippets it has no good verdict on in the run folder."""
        from redpen_bench.run.folder import RunFolder

        folder = RunFolder(self.options.run_folder)
        snippets = list({t.snippet.rel_path: t.snippet for t in tasks}.values())
        missing = {}
        for spec in self.components:
            done = folder.done(spec.key) if folder.verdicts_path.exists() else set()
            todo = [v for v in snippets if (v.item_id, v.name, 0) not in done]
            if todo:
                missing[spec.key] = todo
        return missing

    def _require_run(self) -> None:
        if self.options.corpus is None or self.options.run_folder is None:
            raise SpecError(f"reviewer '{self.family}:{self.arg}': an ensemble reads a run folder; "
                            "run it with `redpen-bench run` (or api.run)")

    def estimate(self, tasks: Sequence[Task]) -> dict[str, Any] | None:
        """What running the missing components would spend (the combination itself costs nothing)."""
        self._require_run()
        missing = self._missing(tasks)
        estimates = {}
        for spec in self.components:
            if spec.key in missing:
                component = make_reviewer(spec, self.options)
                estimates[spec.key] = component.estimate([Task(v) for v in missing[spec.key]])
        found = {key: value for key, value in estimates.items() if value}
        return {"components": found} if found else None

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        from redpen_bench.run.folder import RunFolder
        from redpen_bench.run.runner import run_reviewers

        self._check_not_itself()
        self._require_run()
        missing = self._missing(tasks)
        if missing:
            specs = [spec for spec in self.components if spec.key in missing]
            snippets = list({v.rel_path: v for todo in missing.values() for v in todo}.values())
            # synchronously, into the same folder (appends are locked per folder path); each component asks
            # only what it lacks there, and its error rows are retried as on any resume
            run_reviewers(self.options.corpus, specs, self.options.run_folder,
                          replace(self.options, dry_run=False), snippets)
        rows = {}
        keys = {spec.key for spec in self.components}
        for row in RunFolder(self.options.run_folder).rows():
            if row["reviewer"] in keys and row.get("sample", 0) == 0:
                rows[(row["reviewer"], row["item"], row["variant"])] = row
        for task in tasks:
            answers = [(spec.key, rows.get((spec.key, task.snippet.item_id, task.snippet.name)))
                       for spec in self.components]
            said = {key: None if row is None else _said(row) for key, row in answers}
            emit(task, self.combine(answers), components=said)

    def combine(self, answers: list[tuple[str, dict | None]]) -> Verdict:
        for key, row in answers:
            if row is None:
                return error_verdict(f"component {key} gave no verdict")
            if row.get("error"):
                return error_verdict(f"component {key} failed: {row['error']}")
        said_yes = [(key, row) for key, row in answers if row.get("defect") is True]
        yes = 2 * len(said_yes) > len(answers) if self.majority else bool(said_yes)
        if not yes:
            how = "more than half" if self.majority else "any"
            text = f"{len(said_yes)} of {len(answers)} components said yes; {how} needed"
            return Verdict(defect=False, explanation=text, raw=f"DEFECT: no\nLINES: none\nEXPLANATION: {text}")
        lines = sorted({int(n) for _, row in said_yes for n in row.get("lines") or []})
        explanation = "\n".join(f"[{key}] {str(row.get('explanation') or '').strip()}" for key, row in said_yes)
        raw = f"DEFECT: yes\nLINES: {', '.join(map(str, lines)) or 'none'}\nEXPLANATION: {explanation}"
        return Verdict(defect=True, lines=lines, explanation=explanation, raw=raw)


def _said(row: dict) -> str:
    if row.get("error"):
        return "error"
    return {True: "yes", False: "no"}.get(row.get("defect"), "unparsed")


class EnsembleVote(Ensemble):
    family = "ensemble-vote"
    majority = True
