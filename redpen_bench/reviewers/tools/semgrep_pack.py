"""A semgrep profile's rule files, read the way semgrep reads them, and written as one config file.

Why one file: semgrep (1.185, measured) validates every config file apart, in a semgrep-core process of its
own, after parsing it and writing it back out in Python. With the shipped pack of 23 one-rule files that is
23 validation processes: 9.3 s of CPU for a scan of the shipped corpus against 5.7 s for the same rules in
one file, with the same findings (2026-12-01, 2 cores). So the adapter hands semgrep one file holding every
rule of the profile.

The file is built from YAML nodes, never from Python values, and without PyYAML's guesses at types (they follow
YAML 1.1, semgrep's reader follows 1.2): each scalar keeps its text and its quoting, so semgrep reads `on`,
`0755` or `1:20` exactly as it reads them in the rule file. Collections are written in block style, where every
plain scalar of a rule file can stay plain (PyYAML will not write `1:20` plain inside `{...}`). Anything this
does not cover (a file that is not a YAML mapping of `rules:` alone, several documents, a config that is not
YAML, a file named twice) leaves the config files as they are: semgrep then reads them itself and reports
their errors as usual.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    yaml_implicit_resolvers: dict = {}  # a plain scalar is text: no type guessed, none written back


class _Dumper(yaml.SafeDumper):
    yaml_implicit_resolvers: dict = {}


_STR, _SEQ, _MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
# what semgrep shows without --severity (semgrep/output.py): every severity but EXPERIMENT and INVENTORY
DEFAULT_SHOWN = frozenset({"INFO", "LOW", "WARNING", "MEDIUM", "ERROR", "HIGH", "CRITICAL"})


@dataclass(frozen=True)
class Rule:
    id: str
    severity: str
    file: Path


def config_files(root: Path) -> list[Path]:
    """The files semgrep loads for `--config=root` (semgrep/config_resolver.py): the file itself, or every
    .yaml/.yml file under the folder but its tests (X.test.yaml) and autofix fixtures (X.fixed.yaml)."""
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml")
                  and ".fixed" not in p.suffixes and p.suffixes[-2:-1] != [".test"])


def _rule_nodes(path: Path) -> list[yaml.Node] | None:
    """The items of the file's `rules:` sequence, or None when the file is anything else."""
    if path.suffix not in (".yaml", ".yml"):
        return None
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=_Loader)
    except (yaml.YAMLError, UnicodeDecodeError):
        return None
    if not isinstance(root, yaml.MappingNode) or len(root.value) != 1:
        return None
    key, value = root.value[0]
    if key.value != "rules" or not isinstance(value, yaml.SequenceNode):
        return None
    if not all(isinstance(item, yaml.MappingNode) for item in value.value):
        return None
    return value.value


def _field(node: yaml.MappingNode, name: str) -> str | None:
    for key, value in node.value:
        if key.value == name and isinstance(value, yaml.ScalarNode):
            return value.value
    return None


class Pack:
    """The rules of a set of config files, when every file is a plain YAML rule file (else `ok` is False)."""

    def __init__(self, files: list[Path]):
        self.files = files
        self.nodes: list[yaml.Node] = []
        self.rules: list[Rule] = []
        # a file named twice (a folder and a file in it) is two configs to semgrep; kept as they are
        self.ok = bool(files) and len(set(files)) == len(files)
        for path in files:
            nodes = _rule_nodes(path) if self.ok else None
            if nodes is None:
                self.ok = False
                break
            self.nodes += nodes
            for node in nodes:
                rule_id = _field(node, "id")
                if rule_id is None:
                    self.ok = False
                self.rules.append(Rule(rule_id or "", _field(node, "severity") or "INFO", path))

    def ids(self, severities: list[str]) -> frozenset[str] | None:
        """The ids of the rules semgrep shows with `--severity` each of `severities` (none: its default)."""
        if not self.ok:
            return None
        shown = set(severities) or DEFAULT_SHOWN
        return frozenset(rule.id for rule in self.rules if rule.severity in shown)

    def unambiguous(self) -> bool:
        """Every rule id defined in one file only: a finding's check_id then names one rule."""
        files: dict[str, set[Path]] = {}
        for rule in self.rules:
            files.setdefault(rule.id, set()).add(rule.file)
        return self.ok and all(len(defined) == 1 for defined in files.values())

    def write(self, path: Path) -> Path | None:
        """One config file holding every rule, each as written; None when the files are not all plain YAML."""
        if not self.ok:
            return None
        document = yaml.MappingNode(_MAP, [(yaml.ScalarNode(_STR, "rules"), yaml.SequenceNode(_SEQ, self.nodes))])
        _block_style(document)
        path.write_text(yaml.serialize(document, Dumper=_Dumper, width=1 << 30, allow_unicode=True),
                        encoding="utf-8")
        return path


def _block_style(node: yaml.Node, seen: set[int] | None = None) -> None:
    seen = set() if seen is None else seen
    if id(node) in seen or isinstance(node, yaml.ScalarNode):  # an alias is the same node again
        return
    seen.add(id(node))
    node.flow_style = False
    for child in node.value:
        for part in child if isinstance(child, tuple) else (child,):
            _block_style(part, seen)
