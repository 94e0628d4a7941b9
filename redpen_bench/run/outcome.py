"""What a finished run says to people: reviewers asked again, reviewers that failed, what every reviewer's rows
hold now, and a loud warning for one whose answers could mostly not be read. Lines of text, for any display."""

from __future__ import annotations

import json

from redpen_bench.model.outside_text import terminal
from redpen_bench.model.verdict import mostly_unparsed
from redpen_bench.run.runner import RunResult

RETRY_EXIT = 3  # the run ended, but error rows remain: the same command asks those snippets again


def outcome_lines(result: RunResult) -> list[str]:
    """The run's outcome, a line per fact; the warnings about unreadable answers last: the lines a user reads."""
    lines = [f"{terminal(key)} changed since its stored rows (tool, profile, model or prompt): asked every snippet "
             "again" for key in result.refreshed]
    lines += [f"reviewer {terminal(key)} failed: {terminal(message)} (its rows are error rows)"
              for key, message in result.failures.items()]
    width = max((len(terminal(key)) for key in result.outcomes), default=0)
    lines += [f"{terminal(key).ljust(width)}  {o['answered']} answered, {o['unparsed']} unparsed, {o['errors']} "
              f"errors, {o['missing']} missing" for key, o in result.outcomes.items()]
    if result.has_errors and result.failures:  # retrying helps only once what stopped the reviewer is fixed
        lines.append(f"error rows remain (exit {RETRY_EXIT}): fix what stopped the reviewer (above), then the same "
                     "command asks those snippets again")
    elif result.has_errors:
        lines.append(f"error rows remain (exit {RETRY_EXIT}): the same command retries them")
    lines += [unreadable_warning(key, o) for key, o in result.outcomes.items()
              if mostly_unparsed(o["unparsed"], o["answered"] + o["unparsed"])]
    return lines


def unreadable_warning(key: str, outcome: dict) -> str:
    """A reviewer whose answers were mostly unparsed: scored, it says no to everything, so say it loudly."""
    total = outcome["answered"] + outcome["unparsed"]
    text = (f"warning: {terminal(key)}: {outcome['unparsed']} of {total} answers could not be read (no DEFECT: "
            f"yes/no in them), so it scores as always-no; check the prompt (--prompt) against its answers, or ask "
            f"for structured output (--structured)")
    example = " ".join(str(outcome.get("example") or "").split())
    if example:
        shown = example[:200] + ("…" if len(example) > 200 else "")
        text += f"; one answer: {terminal(json.dumps(shown, ensure_ascii=False))}"
    return text
