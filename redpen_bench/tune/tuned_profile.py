"""What tuning knows of each tool: how to switch every rule on, its severity levels, and how a chosen subset is
written as a profile in the static adapters' format (analyzers/<tool>/<name>.toml, reviewers/tools/profiles.py)."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.reviewers.tools.findings import Finding


class TuneError(InputError):
    """A tool that cannot be tuned, or a tuning that has nothing to write."""


@dataclass(frozen=True)
class ToolTuning:
    all_rules: dict  # profile settings that switch every rule on
    levels: tuple[str, ...] = ()  # severity levels, lowest first, that a threshold may cut at

    def thresholds(self) -> dict[str | None, Callable[[Finding], bool] | None]:
        """Threshold -> the findings it keeps; None: no threshold (every finding)."""
        if not self.levels:
            return {None: None}
        rank = {level: i for i, level in enumerate(self.levels)}
        return {level: (lambda f, cut=rank[level]: rank.get(f.severity.lower(), len(rank)) >= cut)
                for level in self.levels}


TOOLS = {
    "ruff": ToolTuning({"select": ["ALL"], "ignore": []}),
    # json2 message types; "fatal" never reaches a finding (the adapter makes it an error row)
    "pylint": ToolTuning({"enable": ["all"], "disable": []}, ("info", "convention", "refactor", "warning", "error")),
    # findings carry bandit's severity but not its confidence, so confidence stays at its lowest (every finding)
    "bandit": ToolTuning({"severity": "low", "confidence": "low", "tests": [], "skips": []},
                         ("low", "medium", "high")),
    "semgrep": ToolTuning({"rules": ["rules"], "severity": []}),
}


def tuning_for(tool: str) -> ToolTuning:
    if tool not in TOOLS:
        raise TuneError(f"tune: '{tool}' cannot be tuned; tools with rules: {', '.join(TOOLS)}")
    return TOOLS[tool]


def semgrep_rule_files(rules_root: Path) -> dict[str, Path]:
    """Rule id -> the rule file defining it, for every rule file under the shipped rules folder."""
    import yaml

    files: dict[str, Path] = {}
    for path in sorted(p for p in rules_root.rglob("*") if p.suffix in (".yaml", ".yml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise TuneError(f"{path}: malformed YAML: {exc}") from None
        for rule in data.get("rules", []) if isinstance(data, dict) else []:
            if isinstance(rule, dict) and isinstance(rule.get("id"), str):
                files.setdefault(rule["id"], path)
    return files


def tuned_settings(tool: str, rules: Sequence[str], threshold: str | None, profile_dir: Path,
                   rules_root: Path | None = None, name: str = "tuned") -> dict:
    """The profile settings that run exactly `rules` (at `threshold`). semgrep names rule files relative to the
    profile's folder; rule files outside it (a profile written in ./analyzers of another folder than the install)
    are copied beside it, into <name>-rules/."""
    rules = sorted(rules)
    if not rules:
        raise TuneError(f"tune {tool}: the search chose no rule (no subset beats answering no on the training "
                        "items); no profile written")
    if tool == "ruff":
        return {"select": rules, "ignore": []}
    if tool == "pylint":
        return {"disable": ["all"], "enable": rules}
    if tool == "bandit":
        return {"severity": threshold or "low", "confidence": "low", "tests": rules}
    if tool == "semgrep":
        if rules_root is None:
            raise ValueError("semgrep needs the rules folder")
        files = semgrep_rule_files(rules_root)
        unknown = [r for r in rules if r not in files]
        if unknown:
            raise TuneError(f"tune semgrep: rules {unknown} are in no file under {rules_root}")
        entries = []
        for path in sorted({files[r] for r in rules}):
            if not path.resolve().is_relative_to(profile_dir.resolve()):
                copy = profile_dir / f"{name}-rules" / path.name
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, copy)
                path = copy
            entries.append(Path(os.path.relpath(path.resolve(), profile_dir.resolve())).as_posix())
        return {"rules": entries}
    return tuning_for(tool).all_rules  # unreachable: tuning_for rejects other tools


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


HEADER_MARK = "Written by redpen-bench tune"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")  # what profile lookup accepts (reviewers/tools/profiles.py)


def profile_path(tool: str, name: str) -> Path:
    """./analyzers/<tool>/<name>.toml, refused when the name is not a profile name or the file is a profile
    that tuning did not write (a shipped `default` or `bugs` in a clone, a user's own)."""
    if not _NAME.match(name):
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
