"""A third-party analyzer registered through the `redpen_bench.reviewers` entry-point group, installed as a real
distribution (pip install --target into a folder on the command's PYTHONPATH): it is listed by `reviewers`, runs
in `run` and `compare`, stands as the analyzer in the report's headline comparison, and `tune` tunes it. A
second entry point of the same distribution names a module that does not exist: it disables itself with one
line on stderr, and everything else works."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURE_CORPUS, ROOT, redpen_cmd

TOY = ROOT / "tests" / "fixtures" / "toy_analyzer"
BROKEN = "redpen-bench: warning: reviewer plugin 'broken' (toy-redpen) disabled: ModuleNotFoundError"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The toy distribution built (hatchling, as redpen-bench itself) and installed into a folder of its own."""
    work = tmp_path_factory.mktemp("toy")
    source = shutil.copytree(TOY, work / "src")  # the build writes into its source tree: not into the repo
    target = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(source)], check=True)
    assert list(target.glob("toy_redpen-0.1.0.dist-info/entry_points.txt"))
    return target


def cli(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = os.environ | {"PYTHONPATH": str(site)}
    return subprocess.run([*redpen_cmd(), *map(str, args)], cwd=cwd, env=env, capture_output=True, text=True)


def test_a_plugin_analyzer_is_listed_run_compared_and_tuned(site, tmp_path):
    listed = cli(site, tmp_path, "reviewers")
    assert listed.returncode == 0, listed.stderr
    assert any(line.startswith("toy[:PROFILE]") and "from a plugin" in line for line in listed.stdout.splitlines())
    assert listed.stderr.startswith(BROKEN) and len(listed.stderr.splitlines()) == 1

    run = cli(site, tmp_path, "run", "-r", "toy,toy:none-only", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r")
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in (tmp_path / "r" / "verdicts.jsonl").read_text().splitlines()]
    assert {r["reviewer"] for r in rows} == {"toy", "toy:none-only"} and not any(r["error"] for r in rows)
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert manifest["reviewers"]["toy"]["family"] == "toy"

    # rows recorded elsewhere count as the LLM side of the headline; the toy analyzer is the analyzer side
    replay = tmp_path / "model.jsonl"
    replay.write_text("".join(json.dumps({**{k: r[k] for k in ("item", "variant", "defect", "lines", "explanation")},
                                          "reviewer": "some-model"}) + "\n" for r in rows if r["reviewer"] == "toy"))
    compared = cli(site, tmp_path, "compare", "--corpus", FIXTURE_CORPUS, "--analyzers", "toy", "-r",
                   f"replay:{replay}", "--runs", tmp_path / "runs", "--out", tmp_path / "out", "--name", "rep",
                   "--bootstrap", "200")
    assert compared.returncode == 0, compared.stderr
    report = (tmp_path / "out" / "rep" / "report.md").read_text()
    assert "toy:default" in report and "toy:none-only" in report
    assert "Best LLM some-model against best analyzer toy:" in report

    tuned = cli(site, tmp_path, "tune", "toy", "--corpus", FIXTURE_CORPUS, "--folds", "2", "--min-gain", "0")
    assert tuned.returncode == 0, tuned.stderr
    profile = (tmp_path / "analyzers" / "toy" / "tuned.toml").read_text()
    assert profile.startswith("# Written by redpen-bench tune") and "rules = [" in profile


def test_without_the_plugin_its_family_is_unknown(tmp_path):
    proc = subprocess.run([*redpen_cmd(), "run", "-r", "toy", "--corpus", str(FIXTURE_CORPUS), "--out",
                           str(tmp_path / "r")], capture_output=True, text=True)
    assert proc.returncode == 2 and "unknown family 'toy'" in proc.stderr
