"""The shipped semgrep rule pack (analyzers/semgrep/rules/): every rule passes its own fixture under
`semgrep scan --test`, offline, and every rule file is well formed: one rule whose id is the file name, a
fixture with at least two `ruleid` and two `ok` cases, and a section in analyzers/semgrep/README.md."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml  # a dependency of bandit, so always installed with redpen-bench

ROOT = Path(__file__).resolve().parents[2]
SEMGREP_DIR = ROOT / "analyzers" / "semgrep"
RULES_DIR = SEMGREP_DIR / "rules"
README = SEMGREP_DIR / "README.md"
RULE_FILES = sorted(RULES_DIR.glob("*.yaml"))
TIMEOUT = 300  # seconds; offline semgrep without the env below stalls ~200 s on its version check
KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def semgrep_exe() -> str | None:
    """The semgrep next to this interpreter (the venv's), else the one on PATH."""
    beside = Path(sys.executable).parent / ("semgrep.exe" if os.name == "nt" else "semgrep")
    if beside.is_file():
        return str(beside)
    return shutil.which("semgrep")


def load_rule(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and isinstance(data.get("rules"), list), f"{path.name}: no 'rules' list"
    assert len(data["rules"]) == 1, f"{path.name}: expected exactly one rule, found {len(data['rules'])}"
    return data["rules"][0]


def annotations(fixture: Path, rule_id: str) -> dict[str, int]:
    counts = {"ruleid": 0, "ok": 0}
    for line in fixture.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"\s*#\s*(ruleid|ok):\s*(.+?)\s*", line)
        if match and rule_id in [r.strip() for r in match.group(2).split(",")]:
            counts[match.group(1)] += 1
    return counts


def readme_sections() -> dict[str, str]:
    """`## <rule-id>` section title -> its text."""
    parts = re.split(r"^## ", README.read_text(encoding="utf-8"), flags=re.MULTILINE)[1:]
    return {part.split("\n", 1)[0].strip(): part for part in parts}


def readme_table() -> dict[str, str]:
    """Rule id -> severity, from the README's rules table."""
    rows = re.findall(r"^\| \[`([^`]+)`\]\(#[^)]+\) \| (\w+) \|", README.read_text(encoding="utf-8"),
                      flags=re.MULTILINE)
    return dict(rows)


def test_the_pack_has_rules():
    assert len(RULE_FILES) >= 14, f"expected at least 14 rules in {RULES_DIR}, found {len(RULE_FILES)}"
    strays = sorted(p.name for p in RULES_DIR.iterdir() if p.suffix not in (".yaml", ".py"))
    assert not strays, f"unexpected files in {RULES_DIR}: {strays}"


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.stem for p in RULE_FILES])
def test_rule_file_is_well_formed(path):
    rule = load_rule(path)
    rule_id = rule.get("id")
    assert rule_id == path.stem, f"{path.name}: rule id {rule_id!r} differs from the file name"
    assert KEBAB.match(rule_id), f"{path.name}: rule id {rule_id!r} is not plain kebab-case"
    assert rule.get("languages") == ["python"], f"{path.name}: languages must be [python]"
    assert rule.get("severity") in ("ERROR", "WARNING"), f"{path.name}: severity must be ERROR or WARNING"
    assert isinstance(rule.get("message"), str) and len(rule["message"].split()) >= 8, \
        f"{path.name}: the message must say what is wrong and why"
    metadata = rule.get("metadata") or {}
    assert metadata.get("category") == "correctness", f"{path.name}: metadata.category must be correctness"
    for cwe in metadata.get("cwe", []):
        assert re.match(r"^CWE-\d+: \S", cwe), f"{path.name}: malformed cwe entry {cwe!r}"

    fixture = path.with_suffix(".py")
    assert fixture.is_file(), f"{path.name}: no fixture {fixture.name} beside it"
    counts = annotations(fixture, rule_id)
    assert counts["ruleid"] >= 2 and counts["ok"] >= 2, \
        f"{fixture.name}: needs at least 2 '# ruleid: {rule_id}' and 2 '# ok: {rule_id}' cases, has {counts}"


def test_every_rule_has_a_readme_section_and_table_row():
    rules = {p.stem: load_rule(p) for p in RULE_FILES}
    sections = readme_sections()
    rule_sections = {title for title in sections if KEBAB.match(title)}
    assert sorted(rules) == sorted(rule_sections), (
        f"README sections and rule files differ: missing sections {sorted(set(rules) - rule_sections)}, "
        f"sections without a rule {sorted(rule_sections - set(rules))}")
    for rule_id in rules:
        text = sections[rule_id]
        for heading in ("**What it does**", "**Why is this bad?**", "**Example**"):
            assert heading in text, f"README section {rule_id!r} lacks {heading}"
        assert "```python" in text, f"README section {rule_id!r} has no code example"
    table = readme_table()
    assert table == {rule_id: rule["severity"] for rule_id, rule in rules.items()}, \
        "README rules table (ids and severities) does not match the rule files"


@pytest.fixture(scope="module")
def semgrep_test_report(tmp_path_factory) -> dict:
    exe = semgrep_exe()
    if exe is None:
        pytest.skip("semgrep is not installed (neither beside the Python interpreter nor on PATH)")
    home = tmp_path_factory.mktemp("semgrep-home")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SEMGREP_")}
    env.update(SEMGREP_ENABLE_VERSION_CHECK="0", SEMGREP_SEND_METRICS="off", HOME=str(home),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"))
    cmd = [exe, "scan", "--test", "--json", "--metrics=off", "--disable-version-check", str(RULES_DIR)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=TIMEOUT)
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"semgrep --test exited {proc.returncode} without a JSON report:\n"
                    f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    report["returncode"] = proc.returncode
    report["stderr"] = proc.stderr
    return report


def test_semgrep_test_passes_for_every_rule(semgrep_test_report):
    report = semgrep_test_report
    assert not report.get("config_with_errors"), f"rules semgrep cannot load: {report['config_with_errors']}"
    assert not report.get("config_missing_tests"), f"rules without a fixture: {report['config_missing_tests']}"
    checks = {rule_id: check for result in report["results"].values() for rule_id, check in result["checks"].items()}
    assert sorted(checks) == sorted(p.stem for p in RULE_FILES), "semgrep --test did not test every rule"
    failures = []
    for rule_id, check in sorted(checks.items()):
        if check["errors"]:
            failures.append(f"{rule_id}: errors {check['errors']}")
        elif not check["passed"]:
            lines = {Path(target).name: (m["expected_lines"], m["reported_lines"])
                     for target, m in check["matches"].items()}
            failures.append(f"{rule_id}: expected vs reported lines {lines}")
    assert not failures, "semgrep --test failed:\n" + "\n".join(failures)
    assert report["returncode"] == 0, f"semgrep --test exited {report['returncode']}:\n{report['stderr'][-4000:]}"
