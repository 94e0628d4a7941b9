"""semgrep as a reviewer: `semgrep scan --experimental --json` (its OCaml command line) once over all files, fully
offline.

Profile keys: `rules` (rule files or folders, relative to analyzers/semgrep/; the registry is refused because
it needs the network) and `severity` (report only rules of these severities: INFO WARNING ERROR). Offline,
semgrep stalls for minutes on its version check unless told not to make it, so every run turns the version
check and metrics off and points HOME at a temporary folder; `--no-rewrite-rule-ids` keeps check_id the bare
rule id. The rule files' contents are part of the cache key, so editing a rule re-runs semgrep. semgrep gets
the profile's rules in one config file (reviewers/tools/semgrep_pack.py says why).

Profiles share one run (run/tool_runs.py) over the union of their rule files; each keeps the rules of
its own files and severities, known from the rule files themselves. A union in which one rule id comes from
two files could not tell them apart: those profiles run apart.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Iterator, Sequence
from functools import cached_property
from pathlib import Path

from redpen_bench.reviewers.tools.findings import FileResult, Finding, end_line, file_results, staged_name
from redpen_bench.reviewers.tools.profiles import ProfileError, Setting
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.reviewers.tools.semgrep_pack import Pack, config_files
from redpen_bench.reviewers.tools.static import StaticReviewer, ToolError
from redpen_bench.reviewers.tools.tool import ToolDescription

# its profiles name rule files, not rule ids: a file that does not exist is refused by check_profile
TOOL = ToolDescription("semgrep", env_prefixes=("SEMGREP_",), all_rules={"rules": ["rules"], "severity": []})

SEVERITIES = ("INFO", "WARNING", "ERROR")
_REGISTRY = re.compile(r"^(?:[prs]/|auto$|supply-chain$|[a-z][a-z0-9+.-]*://)", re.IGNORECASE)
OFFLINE_ENV = {"SEMGREP_ENABLE_VERSION_CHECK": "0", "SEMGREP_SEND_METRICS": "off"}


def names_registry(config: str) -> bool:
    """p/python, r/..., s/..., auto, a URL: configs semgrep would fetch from the network."""
    return bool(_REGISTRY.match(config.strip()))


def _error_kind(error: dict) -> str:
    kind = error.get("type")
    return kind[0] if isinstance(kind, list) and kind else str(kind)  # ["PartialParsing", [spans]]


def parse_semgrep(output: str, files: list[str]) -> dict[str, FileResult]:
    data = json.loads(output)
    rule_errors = [e for e in data.get("errors", []) if not e.get("path") and e.get("level") == "error"]
    if rule_errors:  # a broken rule would silently report nothing: the whole profile is unusable
        first = rule_errors[0]
        raise ToolError(f"semgrep rule error ({len(rule_errors)} in all): {_error_kind(first)}: "
                        f"{first.get('message', '').strip().splitlines()[0] if first.get('message') else ''}")
    scanned = {staged_name(p) for p in data.get("paths", {}).get("scanned", [])}
    return file_results(files, _said(data), "semgrep", scanned)


def _said(data: dict) -> Iterator[tuple[str, Finding | str]]:
    for error in data.get("errors", []):
        if error.get("path"):
            first_line = (error.get("message") or "").strip().splitlines()[:1]
            yield error["path"], f"semgrep cannot parse the file: {_error_kind(error)}: {''.join(first_line)}"
    for match in data["results"]:
        start, end = match["start"]["line"], match["end"]
        yield match["path"], Finding(
            line=start, end_line=end_line(start, end.get("line"), end.get("col"), first_col=1),
            rule=match["check_id"], message=" ".join(match["extra"]["message"].split()),
            severity=match["extra"].get("severity", "").lower(),
        )


class Semgrep(StaticReviewer):
    tool = TOOL
    family = TOOL.name
    dist = "semgrep"
    exe_name = "semgrep"
    schema = {"rules": Setting(list, default=[]), "severity": Setting(list, default=[], choices=SEVERITIES)}
    ok_status = (0,)  # without --error, findings exit 0; anything else is a failure

    def __init__(self, arg, options):
        if arg and names_registry(arg):
            raise ProfileError(f"reviewer 'semgrep:{arg}': that names the Semgrep registry, which needs the "
                               f"network; Red-Pen runs semgrep offline: use a profile in analyzers/semgrep/")
        super().__init__(arg, options)

    def check_profile(self) -> None:
        path = self.profile.path
        if not self.profile["rules"]:
            raise ProfileError(f"{path}: field 'rules': expected at least one rule file or folder")
        for entry in self.profile["rules"]:
            if names_registry(entry):
                raise ProfileError(f"{path}: field 'rules': '{entry}' names the Semgrep registry, which needs "
                                   f"the network; Red-Pen runs semgrep offline: name local rule files")
            if not self.profile.relative(entry).exists():
                raise ProfileError(f"{path}: field 'rules': '{entry}' does not exist "
                                   f"(looked for {self.profile.relative(entry)})")

    @cached_property
    def rule_files(self) -> list[Path]:
        files = set()
        for entry in self.profile["rules"]:
            root = self.profile.relative(entry)
            if root.is_file():
                files.add(root)
                continue
            files.update(p for p in root.rglob("*")
                         if p.is_file() and not any(x.startswith(".") for x in p.relative_to(root).parts))
        return sorted(files)

    def fingerprint_extra(self) -> str:
        return self._rules_hash

    @cached_property
    def _rules_hash(self) -> str:
        digest = hashlib.sha256()
        for path in self.rule_files:
            digest.update(f"{path.relative_to(self.profile.path.parent)}\t{hashlib.sha256(path.read_bytes()).hexdigest()}\n".encode())
        return digest.hexdigest()

    @cached_property
    def pack(self) -> Pack:
        """Every rule of the profile, from the files semgrep loads for its entries, in its order."""
        return Pack([f for entry in self.profile["rules"] for f in config_files(self.profile.relative(entry))])

    def command(self, exe: str, files: list[str], workdir: Path) -> list[str]:
        # --experimental: semgrep's OCaml command line (osemgrep) in place of its Python one, which spends about
        # 2 s of CPU starting up and validating the rules by remote calls to semgrep-core before it scans (1.9 s
        # against 0.16 s on one file; 4.1 s against 1.6 s on the shipped corpus). Both hand the rules and files
        # to the same semgrep-core, and their findings and errors agree (tests/tools/test_semgrep_engines.py),
        # so the verdict cache keeps its keys
        cmd = [exe, "scan", "--experimental", "--json", "--quiet", "--metrics=off", "--disable-version-check",
               "--no-rewrite-rule-ids", "--no-git-ignore"]
        combined = self.pack.write(workdir / "rules.yaml")
        if combined:
            cmd.append(f"--config={combined}")
        else:
            cmd += [f"--config={self.profile.relative(entry)}" for entry in self.profile["rules"]]
        for severity in self.profile["severity"]:
            cmd.append(f"--severity={severity}")
        if self.options.side_by_side > 1:  # measured alone: 5.4 s wall either way, 0.5 s less CPU with one job
            cmd.append("--jobs=1")
        return [*cmd, "--", *files]

    def extra_env(self, home: Path) -> dict[str, str]:
        return dict(OFFLINE_ENV)

    def parse(self, output: str, files: list[str]) -> dict[str, FileResult]:
        return parse_semgrep(output, files)

    def share_key(self) -> tuple:
        return ()

    def resolve_filter(self) -> RuleFilter | None:
        ids = self.pack.ids(self.profile["severity"])
        return None if ids is None else RuleFilter(ids)

    def union_settings(self, members: Sequence[StaticReviewer]) -> dict | None:
        packs = [member.pack for member in members]
        if not all(pack.ok for pack in packs):  # semgrep reads those files itself: who knows what it makes of them
            return None
        severities = [member.profile["severity"] for member in members]
        settings = {"rules": sorted({str(path) for pack in packs for path in pack.files}),
                    "severity": sorted(set().union(*severities)) if all(severities) else []}
        return settings if self.with_settings(settings, "union").pack.unambiguous() else None

    def tuned_settings(self, rules, threshold, profile_dir, name) -> dict:
        """The rule files defining `rules`, named relative to the profile's folder; files outside it (a profile
        written in ./analyzers of another folder than the install) are copied beside it, into <name>-rules/."""
        files = rule_files_by_id(self.profile.path.parent / "rules")
        unknown = [r for r in rules if r not in files]
        if unknown:
            raise ProfileError(f"tune semgrep: rules {unknown} are in no file under {self.profile.path.parent}/rules")
        entries = []
        for path in sorted({files[r] for r in rules}):
            if not path.resolve().is_relative_to(profile_dir.resolve()):
                copy = profile_dir / f"{name}-rules" / path.name
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, copy)
                path = copy
            entries.append(Path(os.path.relpath(path.resolve(), profile_dir.resolve())).as_posix())
        return {"rules": entries}


def rule_files_by_id(rules_root: Path) -> dict[str, Path]:
    """Rule id -> the rule file defining it, for every rule file under `rules_root`."""
    import yaml

    files: dict[str, Path] = {}
    for path in sorted(p for p in rules_root.rglob("*") if p.suffix in (".yaml", ".yml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise ProfileError(f"{path}: malformed YAML: {exc}") from None
        for rule in data.get("rules", []) if isinstance(data, dict) else []:
            if isinstance(rule, dict) and isinstance(rule.get("id"), str):
                files.setdefault(rule["id"], path)
    return files
