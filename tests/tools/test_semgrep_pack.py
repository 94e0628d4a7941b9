"""semgrep gets a profile's rules in one config file (reviewers/tools/semgrep_pack.py): every scalar as written, the
files semgrep itself would load, the original files when the pack is anything else, and the same findings as
semgrep reading the rule folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from redpen_bench.reviewers import make_reviewer, parse_spec
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.semgrep_pack import Pack, config_files
from redpen_bench.reviewers.tools.static import isolated_env, run_tool
from tests.tools.test_semgrep_rules import RULES_DIR, semgrep_exe

TRICKY = """\
# a comment, dropped
rules:
  - id: tricky
    languages: [python]
    severity: WARNING
    message: &msg "quoted: 'yes', on and 0755 stay text"
    metadata: {flag: on, mode: 0755, day: 2024-01-01, ratio: 1:20, empty: ~, unicode: "é"}
    pattern-either:
      - pattern: |
          $X == $X
      - pattern: >
          $Y is
          not $Y
      - pattern: foo(yes, no)
    fix-message: *msg
"""
OTHER = """\
rules:
- id: other
  languages: [python]
  severity: ERROR
  message: plain
  pattern: bar()
"""


def shape(node: yaml.Node):
    """A node tree as (value, style) for scalars: what a YAML 1.2 reader such as semgrep's sees."""
    if isinstance(node, yaml.ScalarNode):
        return node.value, node.style
    if isinstance(node, yaml.SequenceNode):
        return [shape(item) for item in node.value]
    return [(shape(key), shape(value)) for key, value in node.value]


def rule_items(path: Path) -> list:
    return shape(yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader).value[0][1])


def test_the_combined_file_holds_every_rule_with_every_scalar_as_written(tmp_path):
    first, second = tmp_path / "tricky.yaml", tmp_path / "other.yml"
    first.write_text(TRICKY, encoding="utf-8")
    second.write_text(OTHER, encoding="utf-8")
    pack = Pack([first, second])
    combined = pack.write(tmp_path / "combined.yaml")
    assert combined is not None
    assert rule_items(combined) == rule_items(first) + rule_items(second)
    assert [(r.id, r.severity) for r in pack.rules] == [("tricky", "WARNING"), ("other", "ERROR")]
    assert pack.ids([]) == {"tricky", "other"} and pack.ids(["ERROR"]) == {"other"}


@pytest.mark.parametrize("text", [
    "rules: []\nextra: 1\n",                                     # another top-level key
    "rules:\n- id: a\n---\nrules:\n- id: b\n",                   # two documents
    "rules:\n- id: [not, a, scalar]\n",                          # a rule id semgrep would refuse
    "rules:\n  - id: a\n   bad: indentation\n",                  # not YAML
    "- id: a\n",                                                  # not a mapping
])
def test_anything_but_a_plain_rule_file_leaves_the_files_as_they_are(tmp_path, text):
    path = tmp_path / "rule.yaml"
    path.write_text(text)
    pack = Pack([path])
    assert not pack.ok and pack.write(tmp_path / "combined.yaml") is None and pack.ids([]) is None


def test_a_profile_whose_files_semgrep_must_read_itself_gets_them_as_configs(tmp_path, monkeypatch):
    profiles = tmp_path / "analyzers" / "semgrep"
    (profiles / "mine").mkdir(parents=True)
    (profiles / "mine" / "rules.json").write_text('{"rules": []}')
    (profiles / "mine.toml").write_text('description = "json"\nrules = ["mine/rules.json"]\n')
    monkeypatch.chdir(tmp_path)
    reviewer = make_reviewer(parse_spec("semgrep:mine"), ReviewOptions())
    cmd = reviewer.command("semgrep", ["s0000.py"], tmp_path)
    assert f"--config={(profiles / 'mine' / 'rules.json').resolve()}" in cmd
    assert not (tmp_path / "rules.yaml").exists()


def test_config_files_are_the_ones_semgrep_loads_from_a_folder(tmp_path):
    for name in ("a.yaml", "b.yml", "c.test.yaml", "d.fixed.yaml", "e.py", "f.json", ".hidden/g.yaml", "sub/h.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("rules: []\n")
    assert [p.relative_to(tmp_path).as_posix() for p in config_files(tmp_path)] == \
           [".hidden/g.yaml", "a.yaml", "b.yml", "sub/h.yaml"]
    assert config_files(tmp_path / "f.json") == [tmp_path / "f.json"]


def test_the_combined_file_gives_the_findings_of_the_rule_folder(tmp_path):
    """Every shipped rule on its own fixture (each has at least two cases it must flag): the same findings
    whether semgrep reads the rule folder, one file at a time, or the one file the adapter writes."""
    exe = semgrep_exe()
    if exe is None:
        pytest.skip("semgrep is not installed")
    reviewer = make_reviewer(parse_spec("semgrep"), ReviewOptions(timeout=600))
    stage, home = tmp_path / "stage", tmp_path / "home"
    stage.mkdir()
    home.mkdir()
    names = []
    for number, fixture in enumerate(sorted(RULES_DIR.glob("*.py"))):
        names.append(f"s{number:04d}.py")
        shutil.copyfile(fixture, stage / names[-1])
    combined = reviewer.command(exe, names, tmp_path)
    assert sum(arg.startswith("--config=") for arg in combined) == 1 and (tmp_path / "rules.yaml").is_file()
    folder = [f"--config={RULES_DIR}" if arg.startswith("--config=") else arg for arg in combined]
    env = isolated_env(home, reviewer.extra_env(home))
    found = [reviewer.parse(run_tool(cmd, stage, env, 600, reviewer.ok_status), names) for cmd in (combined, folder)]
    assert found[0] == found[1]
    assert {f.rule for result in found[0].values() for f in result.findings} == {p.stem for p in
                                                                                   RULES_DIR.glob("*.yaml")}
