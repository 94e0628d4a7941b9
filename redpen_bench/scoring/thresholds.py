"""The CI thresholds on a scored table (`score --fail-under`, `--must-beat`; api.thresholds). They judge a
reviewer on the whole corpus: error rows, missing rows and snippets it was never asked fail it, so a run of some
items (--items, --tier, --limit) cannot pass for a run of the corpus. `--must-beat` is the report's paired
bootstrap (scoring/stats.py, over the table's clusters as the report draws them), called, never redone.
("gate" is the corpus gate that `verify` runs, redpen_bench/gate/; nothing here.)"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from redpen_bench.errors import InputError
from redpen_bench.scoring import DEFAULT_REPLICATES
from redpen_bench.scoring.scorer import ScoredTable
from redpen_bench.scoring.stats import Bootstrap, bootstrap, pair_test


@dataclass
class ThresholdResult:
    """What the CI thresholds found: `passed`, and one line per finding for people (percent, as typed)."""

    reviewer: str
    passed: bool
    messages: list[str]


def check_names(table: ScoredTable, reviewer: str, must_beat: str | None = None,
                baselines: Sequence[str] = ()) -> None:
    """Refuse thresholds on names the table does not hold (before anything is printed); `baselines`: the names
    --must-beat could have added, for the message."""
    for key, option in ((reviewer, "--reviewer"), (must_beat, "--must-beat")):
        if key is not None and key not in table.reviewers:
            raise InputError(f"{option} '{key}': not in these runs ({', '.join(table.reviewers)})"
                             + (f" nor a baseline ({', '.join(baselines)})" if option == "--must-beat" and baselines
                                else ""))


def thresholds(table: ScoredTable, reviewer: str, fail_under: float | None = None, must_beat: str | None = None,
               boot: Bootstrap | None = None, replicates: int = DEFAULT_REPLICATES, seed: int = 0) -> ThresholdResult:
    """The CI thresholds on a scored table. They judge a reviewer on the whole corpus: error rows, missing rows
    and snippets never asked (a run made with --items, --tier or --limit) fail it. `fail_under`: a percentage
    (16.7) the Average must reach. `must_beat`: a reviewer of the table (score it with baselines=[NAME] to add a
    baseline) that the paired bootstrap (scoring/stats.py; `boot`, else one of `replicates` and `seed` over the
    table's clusters) must put below `reviewer`: the 95 % interval of the difference lies above 0."""
    check_names(table, reviewer, must_beat)
    if must_beat == reviewer:
        raise InputError(f"--must-beat '{must_beat}': the reviewer cannot beat itself")
    messages = _judge(table, reviewer, fail_under)
    passed = not messages
    if must_beat is not None:
        said, beaten = _must_beat(table, boot or bootstrap(table, replicates, seed), reviewer, must_beat)
        messages.append(said)
        passed = passed and beaten
    return ThresholdResult(reviewer, passed, messages)


def _unasked(table: ScoredTable, reviewer: str) -> int:
    """Scored snippets of the corpus the reviewer was never asked: its items absent from every run."""
    asked = table.snippets.loc[table.snippets["reviewer"] == reviewer, ["item", "variant"]].drop_duplicates()
    return int(table.corpus["snippets"]) - len(asked)


def _judge(table: ScoredTable, reviewer: str, fail_under: float | None) -> list[str]:
    """Why the reviewer fails the thresholds on its own rows: none when it passes."""
    messages = []
    entry = table.to_json()["reviewers"][reviewer]
    if entry["errors"] or entry["missing"]:  # a score over part of the corpus proves nothing
        messages.append(f"{reviewer} has {entry['errors']} error rows and {entry['missing']} missing rows: "
                        "--fail-under and --must-beat need every snippet answered (run the reviewer again to fill "
                        "them)")
    unasked = _unasked(table, reviewer)
    if unasked:
        total = table.corpus["snippets"]
        messages.append(f"{reviewer} was asked {total - unasked} of the corpus's {total} snippets: --fail-under and "
                        "--must-beat judge a reviewer on the whole corpus (run it without --items, --tier or --limit)")
    if entry["average"] is None:
        messages.append(f"{reviewer} has no Average")
    elif fail_under is not None and entry["average"] * 100 < fail_under:
        shown, limit = _both_shown(entry["average"] * 100, fail_under)
        messages.append(f"{reviewer} Average {shown} % is below {limit} %")
    return messages


def _both_shown(value: float, limit: float) -> tuple[str, str]:
    """The two numbers with as many decimals as it takes to tell them apart (never "16.7 % is below 16.7 %")."""
    for digits in range(1, 16):
        shown, bound = f"{value:.{digits}f}", f"{limit:.{digits}f}"
        if shown != bound:
            return shown, bound
    return repr(value), repr(limit)


def _must_beat(table: ScoredTable, boot: Bootstrap, reviewer: str, other: str) -> tuple[str, bool]:
    """What the paired comparison says, and whether the reviewer beats `other`."""
    test = pair_test(table, boot, reviewer, other)
    entry = table.to_json()["reviewers"][other]
    if entry["errors"] or entry["missing"]:
        return (f"{other} has {entry['errors']} error rows and {entry['missing']} missing rows: "
                "no fair comparison"), False
    answered = {key: set(map(tuple, part[["item", "variant"]].to_numpy()))
                for key, part in table.snippets.groupby("reviewer") if key in (reviewer, other)}
    if answered[reviewer] != answered[other]:  # a comparison on different snippets is no comparison
        return (f"{reviewer} answered {len(answered[reviewer])} snippets and {other} "
                f"{len(answered[other])}, not the same ones: run both on the same snippets"), False
    over = f"{boot.clusters} source-function clusters" if boot.clusters else "items"
    said = (f"{reviewer} - {other} = {test.difference * 100:+.1f} points, 95 % interval "
            f"[{test.low * 100:+.1f}, {test.high * 100:+.1f}] (paired bootstrap over {over}, "
            f"{boot.replicates} resamples, seed {boot.seed})")
    beaten = not (math.isnan(test.low) or test.low <= 0)
    return f"{reviewer} {'beats' if beaten else 'does not beat'} {other}: {said}", beaten
