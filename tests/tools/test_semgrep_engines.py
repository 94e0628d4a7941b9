"""The semgrep reviewer scans with `--experimental` (semgrep's OCaml command line, osemgrep) because the Python
one spends seconds starting up. The verdict cache keeps its keys across that change, so the two command lines
must agree: the same findings and errors on every shipped snippet and rule fixture with the shipped rules, and
both refuse a broken rule. If a semgrep upgrade makes them differ, this fails, and the engine must then enter
the cache key (reviewers/tools/semgrep.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from redpen_bench.reviewers.tools.semgrep import OFFLINE_ENV
from redpen_bench.reviewers.tools.semgrep_pack import Pack
from tests.tools.test_semgrep_rules import RULE_FILES, RULES_DIR, TIMEOUT, semgrep_exe

ROOT = Path(__file__).resolve().parents[2]
ENGINES = {"python": [], "osemgrep": ["--experimental"]}


def _scan(engine: str, config: Path, targets: list[Path], home: Path) -> tuple[int, dict]:
    exe = semgrep_exe()
    if exe is None:
        pytest.skip("semgrep is not installed")
    cmd = [exe, "scan", *ENGINES[engine], "--json", "--quiet", "--metrics=off", "--disable-version-check",
           "--no-rewrite-rule-ids", "--no-git-ignore", "--jobs=1", f"--config={config}", "--", *map(str, targets)]
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", **OFFLINE_ENV}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env=env, cwd=ROOT)
    return proc.returncode, json.loads(proc.stdout)


def _findings(output: dict) -> list[tuple]:
    return sorted((r["check_id"], r["path"], r["start"]["line"], r["start"]["col"], r["end"]["line"], r["end"]["col"],
                   r["extra"]["message"], r["extra"]["severity"]) for r in output["results"])


def _errors(output: dict) -> list[tuple]:
    return sorted((str(e.get("type")), e.get("level"), e.get("path"), e.get("message")) for e in output["errors"])


@pytest.mark.slow
def test_both_command_lines_find_the_same_in_the_corpus_and_the_rule_fixtures(tmp_path):
    config = Pack(RULE_FILES).write(tmp_path / "rules.yaml")
    assert config is not None
    targets = sorted((ROOT / "corpus" / "items").glob("*/*.py")) + sorted(RULES_DIR.glob("*.py"))
    (tmp_path / "home").mkdir()
    status, python = _scan("python", config, targets, tmp_path / "home")
    assert status == 0
    status, native = _scan("osemgrep", config, targets, tmp_path / "home")
    assert status == 0
    assert len(_findings(python)) >= 100  # the fixtures alone hold two `ruleid` cases per rule
    assert _findings(native) == _findings(python)
    assert _errors(native) == _errors(python)
    assert sorted(native["paths"]["scanned"]) == sorted(python["paths"]["scanned"])


def test_both_command_lines_refuse_a_broken_rule(tmp_path):
    rule = tmp_path / "broken.yaml"
    rule.write_text('rules:\n  - id: broken\n    pattern: "foo(("\n    message: broken\n'
                    "    languages: [python]\n    severity: WARNING\n", encoding="utf-8")
    target = tmp_path / "s0000.py"
    target.write_text("foo(1)\n", encoding="utf-8")
    (tmp_path / "home").mkdir()
    for engine in ENGINES:
        status, output = _scan(engine, rule, [target], tmp_path / "home")
        assert status != 0, engine
        assert [(e["type"], e["level"], e.get("path")) for e in output["errors"]] == [
            ("Rule parse error", "error", None)], engine
