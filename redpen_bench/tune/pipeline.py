"""`redpen-bench tune TOOL` without the command line: run once with every rule on, search the firing table,
cross-validate the search by item, write the chosen rules as a profile and run that profile for real."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from redpen_bench import __version__
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.run.cache import open_cache
from redpen_bench.run.folder import RunFolder
from redpen_bench.scoring.percent import pct
from redpen_bench.scoring.scorer import score_rows
from redpen_bench.tune.all_rules_run import ALL_RULES, all_rules_reviewer, collect_rows, profile_reviewer
from redpen_bench.tune.search import CrossValidation, Selection, cross_validate, select_over
from redpen_bench.tune.table import FiringTable, subset_rows, table_from_rows
from redpen_bench.tune.tuned_profile import (
    HEADER_MARK,
    TuneError,
    profile_path,
    profile_text,
    tuned_settings,
    tuning_for,
    write_profile,
)


@dataclass(frozen=True)
class SearchSettings:
    folds: int = 5
    seed: int = 0
    repeats: int = 1
    max_rules: int = 20
    min_gain: float = 0.005
    exact_up_to: int = 10

    def search(self) -> dict:
        return {"max_rules": self.max_rules, "min_gain": self.min_gain, "exact_up_to": self.exact_up_to}


@dataclass
class TuneReport:
    tool: str
    corpus: dict
    settings: SearchSettings
    reference: dict[str, float | None]  # label -> Average: always-no, the default and bugs profiles
    table: FiringTable  # at the chosen threshold
    selection: Selection  # chosen on every item
    in_sample: float  # the selection's Average on the items it was chosen on (score_rows on rebuilt rows)
    in_sample_core: float  # the same through the vectorised core: equal up to rounding
    cv: CrossValidation
    profile_path: Path | None = None
    profile_name: str = "tuned"
    rerun: float | None = None  # TOOL:<name> run for real, scored
    tool_version: str = ""
    rules_fired: int = 0  # rules with a finding on some snippet, at the lowest threshold (every finding)


def _average(rows: list[VerdictRow], corpus: Corpus) -> float | None:
    entry = next(iter(score_rows(rows, corpus).to_json()["reviewers"].values()), None)
    return None if entry is None else entry["average"]


def _profiles(tool: str) -> list[str]:
    from redpen_bench.reviewers.tools.profiles import available_profiles

    return available_profiles(tool)




def _folds(settings: SearchSettings) -> str:
    split = f"{settings.folds} folds, seed {settings.seed}"
    return split if settings.repeats == 1 else f"{settings.folds} folds x {settings.repeats} splits, seeds " \
        f"{settings.seed}..{settings.seed + settings.repeats - 1}"


def header_lines(report: TuneReport, command: str) -> list[str]:
    ref, cv, sel = report.reference, report.cv, report.selection
    search = (f"greedy forward selection (max {report.settings.max_rules} rules, stop when an addition gains "
              f"< {report.settings.min_gain:g})" if sel.method == "greedy" else
              f"exact search over every subset of the rules that fire (parsimony margin {report.settings.min_gain:g})")
    return [
        f"{HEADER_MARK} on {time.strftime('%Y-%m-%d')} (redpen-bench {__version__}, "
        f"{report.tool} {report.tool_version}): {command}",
        f"Corpus: {report.corpus['name']} {report.corpus['hash'][:12]}, {report.corpus['items']} items, "
        f"{report.corpus['snippets']} snippets.",
        "Average, per cent: " + ", ".join(f"{label} {pct(value)}" for label, value in ref.items()) + ";",
        f"  tuned in-sample {pct(report.in_sample)} (chosen on the items it scores: flattering);",
        f"  tuned held-out {pct(cv.mean)} ± {pct(cv.sd)} (spread over folds; always-no on the same folds "
        f"{pct(sum(cv.always_no) / len(cv.always_no))}),",
        f"  cross-validated by item: {_folds(report.settings)}.",
        f"Search: {search}" + (f"; severity threshold {sel.threshold}." if sel.threshold else "."),
    ]


def tune(
    tool: str, corpus: Corpus, options: ReviewOptions | None = None, settings: SearchSettings | None = None,
    name: str = "tuned", out: Path | None = None, command: str | None = None,
    say: Callable[[str], None] = lambda _: None,
) -> TuneReport:
    """The whole tuning. The profile goes to ./analyzers/<tool>/<name>.toml, where `TOOL:<name>` finds it first.
    With `out`, the runs' rows go to that run folder, held against other processes for the whole tuning."""
    profile_path(tool, name)  # a name that cannot be written fails now, not after the runs
    if out is None:
        return _tune(tool, corpus, options, settings, name, None, command, say)
    folder = RunFolder(out)
    with folder.exclusive():
        folder.open_for(corpus)
        try:
            return _tune(tool, corpus, options, settings, name, folder, command, say)
        finally:
            folder.close()


def _tune(tool: str, corpus: Corpus, options: ReviewOptions | None, settings: SearchSettings | None, name: str,
          folder: RunFolder | None, command: str | None, say: Callable[[str], None]) -> TuneReport:
    tuning = tuning_for(tool)
    settings = settings or SearchSettings()
    options = options or ReviewOptions()
    options = replace(options, code_style=corpus.code_style)  # the corpus's [code_style]: tools lint with it
    # the reviewers run here, not through the runner: the cache is opened here, once for every run of the tuning
    options = replace(options, cache=open_cache(options.cache))

    say(f"running {tool} with every rule on over {len(corpus.snippets)} snippets")
    reviewer = all_rules_reviewer(tool, options)
    rows = collect_rows(reviewer, f"{tool}:{ALL_RULES}", corpus, folder)
    tables = {threshold: table_from_rows(rows, corpus, keep) for threshold, keep in tuning.thresholds().items()}
    errored = next(iter(tables.values())).errored
    if len(errored) == len(corpus.snippets):
        raise TuneError(f"tune {tool}: every snippet is an error row (first: {rows[0].get('error')})")
    if errored:
        say(f"warning: {len(errored)} snippets are error rows of the all-rules run; they count as 'no'")

    reference: dict[str, float | None] = {"always-no": _average(subset_rows(rows, RuleFilter(frozenset()), "always-no"),
                                                                  corpus)}
    available = _profiles(tool)
    for profile in ("default", "bugs"):
        if profile in available:
            label, spec = f"{tool}:{profile}", tool if profile == "default" else f"{tool}:{profile}"
            say(f"running {label}")
            reference[label] = _average(collect_rows(profile_reviewer(spec, options), spec, corpus, folder), corpus)

    say("searching the rule table")
    selection = select_over(tables, None, **settings.search())
    table = tables[selection.threshold]
    keep = tuning.profile_filter(selection.rules, selection.threshold)
    in_sample = _average(subset_rows(rows, keep, f"{tool}:{name}"), corpus)
    times = f" x {settings.repeats} fold splits" if settings.repeats > 1 else ""
    say(f"cross-validating the search over {settings.folds} folds grouped by item{times}")
    cv = cross_validate(tables, settings.folds, settings.seed, settings.repeats, **settings.search())
    report = TuneReport(tool, corpus.summary(), settings, reference, table, selection, float(in_sample),
                        table.evaluate(selection.rules), cv, profile_name=name,
                        tool_version=reviewer.info().get("version", ""),
                        rules_fired=int(next(iter(tables.values())).fires.any(axis=1).sum()))
    if not selection.rules:
        return report

    profile_dir = Path.cwd() / "analyzers" / tool
    values = tuned_settings(reviewer, selection.rules, selection.threshold, profile_dir, name)
    description = (f"{len(selection.rules)} rules chosen by redpen-bench tune on {corpus.name}: held-out Average "
                   f"{pct(cv.mean)} (in-sample {pct(in_sample)}); see the header.")
    text = profile_text(description, values, header_lines(report, command or f"redpen-bench tune {tool}"))
    report.profile_path = write_profile(tool, name, text)
    spec = f"{tool}:{name}"
    say(f"running {spec} (the written profile) to check it answers as the table says")
    report.rerun = _average(collect_rows(profile_reviewer(spec, options), spec, corpus, folder), corpus)
    return report
