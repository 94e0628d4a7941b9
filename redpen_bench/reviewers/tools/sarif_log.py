"""Reading a SARIF 2.1.0 log against a corpus: which results fall on which scored snippet's lines, with every
malformed field named (file and JSON path). The `sarif:PATH` reviewer (sarif.py) turns what it reads into verdicts.

A result belongs to a scored snippet when its location, once resolved against `originalUriBaseIds` and
normalised (file URIs, percent-encoding, backslashes, `..`), ends in `items/<id>/<variant>.py` (sarif_uris.py).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Variant
from redpen_bench.model.json_text import parse_json
from redpen_bench.model.lines import count_lines, line_of
from redpen_bench.reviewers.base import SpecError
from redpen_bench.reviewers.tools.findings import Finding
from redpen_bench.reviewers.tools.sarif_uris import corpus_key, resolved

LEVELS = ("none", "note", "warning", "error")
KINDS = ("pass", "open", "informational", "notApplicable", "review", "fail")
# what code-scanning UIs show as alerts: `open` (the tool could not decide) and `review` (a human must look) too
DEFAULT_KINDS = ("fail", "review", "open")
_KINDS = {dict: "an object", list: "an array", str: "a string", int: "an integer"}
_PLACEHOLDER = re.compile(r"\{(\d+)\}")


class SarifError(InputError):
    """A log that is not readable SARIF 2.1.0, or that describes no corpus file."""


def _shown(value: Any) -> str:
    """The start of a value as JSON, for an error message (a value nested near the parser's limit: its type)."""
    try:
        return json.dumps(value)[:60]
    except RecursionError:
        return f"a deeply nested {type(value).__name__}"


class SarifLog:
    """One SARIF file read against the corpus files it may describe (rel_path -> Variant)."""

    def __init__(self, path: Path, snippets: dict[str, Variant], kinds: Sequence[str] = DEFAULT_KINDS):
        self.path = path
        self.kinds = frozenset(kinds)
        self.snippets = snippets
        self.findings: dict[str, set[Finding]] = defaultdict(set)
        self.covered: set[str] = set()  # corpus files some result or artifact points at
        self.uris: list[str] = []  # every location read, to show in the "covers nothing" error
        self.counts: Counter[str] = Counter()
        self.tools: list[dict[str, str | None]] = []
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise SarifError(f"{path}: cannot read the SARIF log: {exc.strerror or exc}") from None
        self.sha256 = hashlib.sha256(raw).hexdigest()
        try:
            data = parse_json(raw)  # bytes: json detects UTF-8 (with or without BOM), UTF-16, UTF-32
        except (ValueError, UnicodeDecodeError) as exc:
            raise SarifError(f"{path}: malformed JSON: {exc}") from None
        self._read(data)

    # -- validation: every complaint names the file and the JSON path of the field --

    def fail(self, where: str, problem: str) -> None:
        raise SarifError(f"{self.path}: field '{where}': {problem}")

    def field(self, obj: dict, key: str, where: str, kind: type, required: bool = False) -> Any:
        here = f"{where}.{key}" if where else key
        value = obj.get(key)
        if value is None:
            if required:
                self.fail(here, f"missing (expected {_KINDS[kind]})")
            return None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(here, f"expected {_KINDS[kind]}, got {_shown(value)}")
        return value

    def obj(self, value: Any, where: str) -> dict:
        if not isinstance(value, dict):
            self.fail(where, f"expected an object, got {_shown(value)}")
        return value

    # -- reading --

    def _read(self, data: Any) -> None:
        if not isinstance(data, dict):
            self.fail("$", "expected a SARIF log object")
        if data.get("version") != "2.1.0":
            self.fail("version", f"expected \"2.1.0\" (only SARIF 2.1.0 is read), got {data.get('version')!r}")
        runs = [self.obj(run, f"runs[{i}]") for i, run in enumerate(self.field(data, "runs", "", list, True))]
        for i, run in enumerate(runs):
            tool = self.field(run, "tool", f"runs[{i}]", dict, True)
            driver = self.field(tool, "driver", f"runs[{i}].tool", dict, True)
            name = self.field(driver, "name", f"runs[{i}].tool.driver", str, True)
            version = driver.get("version") or driver.get("semanticVersion")
            self.tools.append({"name": name, "version": None if version is None else str(version)})
        # rule ids of different tools may collide: a log of several tools names each rule `tool:rule`
        several = len({t["name"] for t in self.tools}) > 1
        for i, run in enumerate(runs):
            self._read_run(run, f"runs[{i}]", f"{self.tools[i]['name']}:" if several else "")

    def _read_run(self, run: dict, where: str, prefix: str) -> None:
        tool = run["tool"]
        extensions = self.field(tool, "extensions", f"{where}.tool", list) or []
        components = [(f"{where}.tool.driver", tool["driver"])] + [
            (f"{where}.tool.extensions[{k}]", self.obj(e, f"{where}.tool.extensions[{k}]"))
            for k, e in enumerate(extensions)
        ]
        bases = self.field(run, "originalUriBaseIds", where, dict) or {}
        artifact_uris: list[str | None] = []
        for k, artifact in enumerate(self.field(run, "artifacts", where, list) or []):
            here = f"{where}.artifacts[{k}]"
            location = self.field(self.obj(artifact, here), "location", here, dict)
            uri = self._resolve(location, bases, f"{here}.location") if location else None
            artifact_uris.append(uri)
            key = corpus_key(uri) if uri else None
            if key in self.snippets:
                self.covered.add(key)
                self._check_hash(artifact, key, here)
        for j, result in enumerate(self.field(run, "results", where, list) or []):
            self._read_result(self.obj(result, f"{where}.results[{j}]"), f"{where}.results[{j}]",
                              components, bases, artifact_uris, prefix)

    def _check_hash(self, artifact: dict, key: str, where: str) -> None:
        hashes = self.field(artifact, "hashes", where, dict) or {}
        digest = hashes.get("sha-256")
        if isinstance(digest, str) and digest.lower() != self.snippets[key].sha256:
            self.fail(f"{where}.hashes.sha-256", f"{key} in the log is another version of the corpus file "
                      "(SHA-256 differs): its line numbers would not match")

    def _resolve(self, location: dict, bases: dict, where: str) -> str | None:
        """The location's URI with its uriBaseId chain resolved as far as the log defines it."""
        uri = self.field(location, "uri", where, str)
        base = self.field(location, "uriBaseId", where, str)
        if uri is None:
            return None
        uri = resolved(uri, base, bases)
        self.uris.append(uri)
        return uri

    def _read_result(self, result: dict, where: str, components: list[tuple[str, dict]], bases: dict,
                     artifact_uris: list[str | None], prefix: str) -> None:
        self.counts["results"] += 1
        kind = self.field(result, "kind", where, str) or "fail"
        if kind not in KINDS:
            self.fail(f"{where}.kind", f"expected one of {list(KINDS)}, got {kind!r}")
        if kind not in self.kinds:  # pass, informational, notApplicable; review and open unless left out
            self.counts["kind_not_counted"] += 1
            return
        if self._suppressed(result, where):
            self.counts["suppressed"] += 1
            return
        if result.get("baselineState") == "absent":  # gone since the baseline: not in this code
            self.counts["absent"] += 1
            return
        rule_id, descriptor = self._rule(result, where, components)
        message = self._message(result, where, descriptor, rule_id)
        level = self.field(result, "level", where, str)
        if level is None:
            default = descriptor.get("defaultConfiguration")
            level = default.get("level") if isinstance(default, dict) else None
        level = level or "warning"  # the SARIF default
        if level not in LEVELS:
            self.fail(f"{where}.level", f"expected one of {list(LEVELS)}, got {level!r}")
        mapped = False
        for k, location in enumerate(self.field(result, "locations", where, list) or []):
            here = f"{where}.locations[{k}].physicalLocation"
            physical = self.field(self.obj(location, f"{where}.locations[{k}]"), "physicalLocation",
                                  f"{where}.locations[{k}]", dict)
            if physical is None:  # a logical location only (a function name): nothing to map
                continue
            artifact = self.field(physical, "artifactLocation", here, dict) or {}
            uri = self._resolve(artifact, bases, f"{here}.artifactLocation")
            index = self.field(artifact, "index", f"{here}.artifactLocation", int)
            if uri is None and index is not None:
                if not 0 <= index < len(artifact_uris):
                    self.fail(f"{here}.artifactLocation.index", f"{index} but the run has "
                              f"{len(artifact_uris)} artifacts")
                uri = artifact_uris[index]
            key = corpus_key(uri) if uri else None
            if key not in self.snippets:
                continue
            start, end = self._lines(self.field(physical, "region", here, dict), f"{here}.region", key)
            self.findings[key].add(Finding(start, end, prefix + rule_id, message, level))
            self.covered.add(key)
            mapped = True
        self.counts["mapped" if mapped else "outside_corpus"] += 1

    def _suppressed(self, result: dict, where: str) -> bool:
        """Suppressed when some suppression exists and none is under review or rejected (an absent status
        means accepted), as SARIF viewers decide it."""
        suppressions = self.field(result, "suppressions", where, list) or []
        statuses = [s.get("status", "accepted") if isinstance(s, dict) else "accepted" for s in suppressions]
        return bool(statuses) and not any(s in ("underReview", "rejected") for s in statuses)

    def _rule(self, result: dict, where: str, components: list[tuple[str, dict]]) -> tuple[str, dict]:
        """(rule id, its reportingDescriptor or {}) from ruleId, rule.id, ruleIndex or rule.index."""
        reference = self.field(result, "rule", where, dict) or {}
        component_ref = self.field(reference, "toolComponent", f"{where}.rule", dict) or {}
        component_index = self.field(component_ref, "index", f"{where}.rule.toolComponent", int)
        if component_index is not None and not 0 <= component_index < len(components) - 1:
            self.fail(f"{where}.rule.toolComponent.index", f"{component_index} but the tool has "
                      f"{len(components) - 1} extensions")
        component_path, component = components[0 if component_index is None else component_index + 1]
        rules = self.field(component, "rules", component_path, list) or []
        descriptor: dict = {}
        for key, holder, label in (("ruleIndex", result, "ruleIndex"), ("index", reference, "rule.index")):
            index = self.field(holder, key, where if holder is result else f"{where}.rule", int)
            if index is not None and index >= 0:  # -1 is SARIF's "no index"
                if index >= len(rules):
                    self.fail(f"{where}.{label}", f"rule index {index} but the tool declares {len(rules)} rules")
                descriptor = self.obj(rules[index], f"{component_path}.rules[{index}]")
                break
        rule_id = (self.field(result, "ruleId", where, str) or self.field(reference, "id", f"{where}.rule", str)
                   or descriptor.get("id"))
        if not isinstance(rule_id, str) or not rule_id:
            self.fail(f"{where}.ruleId", "missing (and no rule.id or rule index names the rule)")
        if not descriptor:
            descriptor = next((r for r in rules if isinstance(r, dict) and r.get("id") == rule_id), {})
        return rule_id, descriptor

    def _message(self, result: dict, where: str, descriptor: dict, rule_id: str) -> str:
        message = self.field(result, "message", where, dict, True)
        arguments = [str(a) for a in self.field(message, "arguments", f"{where}.message", list) or []]
        text = self.field(message, "text", f"{where}.message", str)
        message_id = self.field(message, "id", f"{where}.message", str)
        if text is None and message_id is not None:
            strings = descriptor.get("messageStrings") or {}
            text = (strings.get(message_id) or {}).get("text")
        if text is None:
            text = message.get("markdown")
        for fallback in ("shortDescription", "fullDescription"):
            if text is None:
                text = (descriptor.get(fallback) or {}).get("text")
        if not isinstance(text, str):
            self.fail(f"{where}.message.text", f"missing, and rule {rule_id} gives no message string or description")
        if arguments:
            text = _PLACEHOLDER.sub(lambda m: arguments[int(m[1])] if int(m[1]) < len(arguments) else m[0], text)
        return " ".join(text.split())

    def _lines(self, region: dict | None, where: str, key: str) -> tuple[int, int]:
        """(start, end) lines of a region; a location without one points at the whole file."""
        variant = self.snippets[key]
        start = self.field(region, "startLine", where, int) if region else None
        if start is None and region:  # offsets instead of lines
            for unit in ("char", "byte"):
                offset = self.field(region, f"{unit}Offset", where, int)
                if offset is not None:
                    data = variant.text if unit == "char" else variant.path.read_bytes()
                    length = self.field(region, f"{unit}Length", where, int) or 0
                    last = max(1, count_lines(variant.text))
                    return (min(line_of(data, offset), last),
                            min(line_of(data, offset + max(length - 1, 0)), last))
        n_lines = max(1, count_lines(variant.text))
        if start is None:
            return 1, n_lines
        if start < 1:
            self.fail(f"{where}.startLine", f"expected a line number ≥ 1, got {start}")
        if start > n_lines:  # a log of some other version of the file: refused, not guessed at
            self.fail(f"{where}.startLine", f"line {start} is beyond the end of {variant.rel_path} ({n_lines} lines)")
        end = self.field(region, "endLine", where, int) or start
        if end < start:
            self.fail(f"{where}.endLine", f"{end} is before startLine {start}")
        if end > start and region.get("endColumn") == 1:
            end -= 1  # the region stops before the first character of endLine
        return start, min(end, n_lines)  # a region reaching past the file covers up to its last line


def check_kinds(kinds: Sequence[str] | None) -> tuple[str, ...]:
    """The result kinds counted as findings, in SARIF's order; an unknown kind is an error naming the known."""
    if kinds is None:
        return DEFAULT_KINDS
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise SpecError(f"SARIF kinds {list(kinds)}: expected some of {', '.join(KINDS)}")
    return tuple(k for k in KINDS[::-1] if k in kinds)
