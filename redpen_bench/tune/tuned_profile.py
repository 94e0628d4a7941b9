"""What tuning needs of a tool, read from the ToolDescription its module declares (how to switch every rule on,
its severity levels) and asked of its adapter (a chosen subset as profile settings), and how a profile is
written in the static adapters' format (analyzers/<tool>/<name>.toml, reviewers/tools/profiles.py)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.model.typed import is_plain_name
from redpen_bench.reviewers.tools.profiles import HEADER_MARK
from redpen_bench.reviewers.tools.rule_filter import RuleFilter

__all__ = ["HEADER_MARK", "TuneError", "profile_path", "profile_text", "tuned_settings", "tuning_for",
           "write_profile"]


class TuneError(InputError):
    """A tool that cannot be tuned, or a tuning that has nothing to write."""


@dataclass(frozen=True)
class ToolTuning:
    all_rules: dict  # profile settings that switch every rule on
    levels: tuple[str, ...] = ()  # severity levels, lowest first, that a threshold may cut at

    def thresholds(self) -> dict[str | None, RuleFilter]:
        """Threshold -> the findings of the every-rule run it keeps; None: no threshold (every finding)."""
        return {level: self.profile_filter(None, level) for level in self.levels} or {None: RuleFilter()}

    def profile_filter(self, rules: Iterable[str] | None, threshold: str | None) -> RuleFilter:
        """What a tuned profile of `rules` (None: every rule) at `threshold` keeps of the every-rule run: the
        filter a shared run cuts its union with (reviewers/tools/rule_filter.py)."""
        return RuleFilter(None if rules is None else frozenset(rules), min_level=threshold,
                          levels=self.levels if threshold else ())


def tuning_for(tool: str) -> ToolTuning:
    """The tuning of a registered analyzer (a plugin's too), from the ToolDescription its module declares."""
    from redpen_bench.reviewers import family_of, names_of_kind

    family = family_of(tool)
    description = getattr(family.load(), "tool", None) if family and family.kind == "analyzer" else None
    if description is None or description.all_rules is None:
        tunable = [name for name in names_of_kind("analyzer")
                   if getattr(getattr(family_of(name).load(), "tool", None), "all_rules", None) is not None]
        raise TuneError(f"tune: '{tool}' cannot be tuned; tools with rules: {', '.join(tunable)}")
    return ToolTuning(description.all_rules, description.levels)


def tuned_settings(reviewer, rules: Sequence[str], threshold: str | None, profile_dir: Path,
                   name: str = "tuned") -> dict:
    """The profile settings that run exactly `rules` (at `threshold`), as the tool's own adapter writes them
    (`reviewer`: the all-rules run's reviewer)."""
    rules = sorted(rules)
    if not rules:
        raise TuneError(f"tune {reviewer.family}: the search chose no rule (no subset beats answering no on the "
                        "training items); no profile written")
    return reviewer.tuned_settings(rules, threshold, profile_dir, name)


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)  # JSON's string escapes are valid TOML basic-string escapes
    if isinstance(value, list):
        if len(value) <= 4:
            return "[" + ", ".join(_toml_value(v) for v in value) + "]"
        return "[\n" + "".join(f"    {_toml_value(v)},\n" for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as a profile value")


def profile_text(description: str, settings: dict, header: Sequence[str] = ()) -> str:
    lines = [f"# {line}".rstrip() for line in header]
    lines.append(f"description = {_toml_value(description)}")
    lines += [f"{key} = {_toml_value(value)}" for key, value in settings.items()]
    return "\n".join(lines) + "\n"




def profile_path(tool: str, name: str) -> Path:
    """./analyzers/<tool>/<name>.toml, refused when the name is not a profile name or the file is a profile
    that tuning did not write (a shipped `default` or `bugs` in a clone, a user's own)."""
    if not is_plain_name(name):  # what profile lookup accepts
        raise TuneError(f"--name '{name}': not a profile name (letters, digits, _ . -)")
    path = Path.cwd() / "analyzers" / tool / f"{name}.toml"
    if path.is_file() and HEADER_MARK not in path.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0]:
        raise TuneError(f"{path}: exists and was not written by `redpen-bench tune`; choose another --name")
    return path


def write_profile(tool: str, name: str, text: str) -> Path:
    """./analyzers/<tool>/<name>.toml: where profile lookup looks first, so `TOOL:<name>` runs it."""
    path = profile_path(tool, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return path
