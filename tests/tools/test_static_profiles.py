"""Analyzer profiles: every shipped one loads, ./analyzers/ wins over the packaged copy, bad ones are refused
with the file and field named, and semgrep never reaches for the registry."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from redpen_bench.model.corpus_files import packaged_path
from redpen_bench.reviewers import load_family, names_of_kind
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.profiles import ProfileError, available_profiles, profile_dirs
from redpen_bench.reviewers.tools.pylint import Pylint
from redpen_bench.reviewers.tools.static import StaticReviewer, ToolError, find_executable, tool_version
from tests.conftest import FIXTURE_CORPUS, redpen_cmd

PACKAGED = packaged_path("analyzers")
STATIC_FAMILIES = sorted(f for f in names_of_kind("analyzer") if issubclass(load_family(f), StaticReviewer))
SHIPPED = [(tool, p.stem) for tool in STATIC_FAMILIES for p in sorted((PACKAGED / tool).glob("*.toml"))]


def make(tool: str, profile: str | None = None):
    return load_family(tool)(profile, ReviewOptions())


def write_profile(root: Path, tool: str, name: str, text: str) -> Path:
    path = root / "analyzers" / tool / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_four_tools_are_registered_as_static_reviewers():
    assert {"ruff", "pylint", "bandit", "semgrep"} <= set(STATIC_FAMILIES)


@pytest.mark.parametrize("tool", ["ruff", "pylint", "bandit", "semgrep"])
def test_each_tool_ships_default_and_bugs(tool):
    assert {"default", "bugs"} <= set(available_profiles(tool))


def test_pylint_ships_errors():
    assert "errors" in available_profiles("pylint")


@pytest.mark.parametrize("tool, name", SHIPPED)
def test_every_shipped_profile_loads_and_is_hashed(tool, name):
    reviewer = make(tool, name)
    info = reviewer.info()
    assert reviewer.profile.description
    assert info["profile"] == name
    assert info["profile_sha256"] == hashlib.sha256(reviewer.profile.path.read_bytes()).hexdigest()
    assert info["version"] == tool_version(reviewer.dist) != "unknown"


def test_plain_tool_means_default():
    assert make("ruff").profile.name == "default"


@pytest.mark.parametrize("name", available_profiles("pylint"))
def test_every_pylint_profile_keeps_duplicate_code_off(name, tmp_path):
    command = make("pylint", name).command("pylint", ["s0000.py"], tmp_path)
    switches = [a for a in command if a.startswith(("--enable=", "--disable="))]
    assert switches[-1] == "--disable=duplicate-code"  # pylint applies them in order: the last word counts


def test_ruff_default_selects_nothing_and_bugs_selects_its_list(tmp_path):
    assert "--select" not in make("ruff").command("ruff", ["s0000.py"], tmp_path)
    command = make("ruff", "bugs").command("ruff", ["s0000.py"], tmp_path)
    assert command[command.index("--select") + 1] == "F,B,E7,E9,PLE,PLW"
    assert "--isolated" in command and "--target-version" in command


def test_cwd_analyzers_win_over_packaged(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mine = write_profile(tmp_path, "ruff", "default", 'description = "mine"\nselect = ["F821"]\n')
    write_profile(tmp_path, "ruff", "custom", 'description = "new"\nselect = ["E7"]\n')
    assert profile_dirs("ruff")[0] == tmp_path / "analyzers" / "ruff"
    reviewer = make("ruff")
    assert reviewer.profile.path == mine and reviewer.profile["select"] == ["F821"]
    assert make("ruff", "bugs").profile.path == PACKAGED / "ruff" / "bugs.toml"  # the rest still come from the package
    assert {"custom", "default", "bugs"} <= set(available_profiles("ruff"))


def test_a_tuned_profile_needs_nothing_special(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_profile(tmp_path, "pylint", "tuned", 'description = "written by tune"\ndisable = ["C", "R", "W0611"]\n')
    assert make("pylint", "tuned").profile["disable"] == ["C", "R", "W0611"]


def test_unknown_profile_lists_the_available_ones():
    with pytest.raises(ProfileError, match=r"no profile 'nope'.*available: bugs, default, errors"):
        make("pylint", "nope")


@pytest.mark.parametrize("name", ["../ruff/bugs", "a/b", ".hidden"])
def test_profile_names_are_not_paths(name):
    with pytest.raises(ProfileError, match="not a profile name"):
        make("ruff", name)


@pytest.mark.parametrize("tool, text, field", [
    ("ruff", 'description = "x"\nselect = [\n', "malformed TOML"),
    ("ruff", 'select = ["F"]\n', "field 'description'"),
    ("ruff", 'description = "x"\nselected = ["F"]\n', "field 'selected': unknown key"),
    ("ruff", 'description = "x"\nselect = "F"\n', "field 'select': expected a list"),
    ("pylint", 'description = "x"\ndisable = [1, 2]\n', "field 'disable': expected a list"),
    ("bandit", 'description = "x"\nseverity = "critical"\n', "field 'severity': expected one of"),
    ("bandit", 'description = "x"\ntests = "B101"\n', "field 'tests'"),
    ("semgrep", 'description = "x"\nrules = ["p/python"]\n', "field 'rules': 'p/python' names the Semgrep registry"),
    ("semgrep", 'description = "x"\nrules = ["https://example.org/r.yaml"]\n', "names the Semgrep registry"),
    ("semgrep", 'description = "x"\nrules = ["missing-folder"]\n', "field 'rules': 'missing-folder' does not exist"),
    ("semgrep", 'description = "x"\nrules = []\n', "field 'rules': expected at least one"),
    ("semgrep", 'description = "x"\nrules = ["../semgrep"]\nseverity = ["HIGH"]\n', "field 'severity'"),
])
def test_broken_profiles_name_the_file_and_field(tool, text, field, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = write_profile(tmp_path, tool, "broken", text)
    with pytest.raises(ProfileError) as caught:
        make(tool, "broken")
    assert str(path) in str(caught.value) and field in str(caught.value)


@pytest.mark.parametrize("spec", ["p/python", "auto", "r/python.lang.correctness"])
def test_semgrep_registry_spec_is_refused_up_front(spec):
    with pytest.raises(ProfileError, match="needs the network"):
        make("semgrep", spec)


def test_semgrep_rule_edits_change_the_cache_fingerprint(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = tmp_path / "analyzers" / "semgrep" / "mine"
    rules.mkdir(parents=True)
    rule = rules / "r.yaml"
    rule.write_text("rules: []\n")
    write_profile(tmp_path, "semgrep", "mine", 'description = "x"\nrules = ["mine"]\n')
    before = make("semgrep", "mine")
    before_hash = before.profile_hash()
    assert before.info()["cache_fingerprint"] == before_hash
    rule.write_text("rules: [] # edited\n")
    after = make("semgrep", "mine")
    assert before.profile.sha256 == after.profile.sha256
    assert after.profile_hash() != before_hash


def test_bad_profile_on_the_cli_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run([*redpen_cmd(), "run", "--reviewer", "ruff,pylint:nope", "--corpus", str(FIXTURE_CORPUS),
                           "--out", str(tmp_path / "run")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "Traceback" not in proc.stderr
    assert "no profile 'nope'" in proc.stderr and "available: bugs, default, errors" in proc.stderr


def test_executable_is_found_in_the_venv_first():
    beside = Path(sys.executable).parent / "ruff"
    if beside.exists():
        assert find_executable("ruff") == str(beside)
    assert find_executable("ruff", override="/opt/fake-ruff") == "/opt/fake-ruff"
    with pytest.raises(ToolError, match="not found"):
        find_executable("no-such-tool-redpen")


def test_reviewer_executable_override_through_the_environment(monkeypatch):
    monkeypatch.setenv("REDPEN_PYLINT_EXE", "/opt/fake-pylint")
    assert Pylint(None, ReviewOptions()).resolve_executable() == "/opt/fake-pylint"


def test_astroid_keys_pylint_answers_and_no_other_tool_changes_its_keys(monkeypatch):
    """pylint's findings move with astroid (pylint:bugs 17.5 % under astroid 4.3.4, 18.6 % under 4.4.0, pylint
    4.1.4 both): a warm cache or a resumed run under another astroid must ask again, and the row says which."""
    from redpen_bench.reviewers.base import cache_key
    from redpen_bench.reviewers.tools import static

    pylint, ruff = make("pylint", "bugs"), make("ruff", "bugs")
    before = pylint.answer_fingerprint(), pylint.cache_keys(["f"]), ruff.answer_fingerprint(), ruff.cache_keys(["f"])
    assert pylint.info()["packages"] == {"astroid": tool_version("astroid")}
    assert "packages" not in ruff.info()
    # ruff, bandit and semgrep keep the keys they had before pylint's gained astroid: their caches stay warm
    assert ruff.cache_keys(["f"])["f"] == cache_key(tool="ruff", version=ruff.version, profile=ruff.profile_hash(),
                                                    file="f", reader=ruff.reader_version)
    monkeypatch.setattr(static, "tool_version", lambda dist: "0.0.1" if dist == "astroid" else tool_version(dist))
    assert pylint.info()["packages"] == {"astroid": "0.0.1"}
    assert pylint.answer_fingerprint() != before[0] and pylint.cache_keys(["f"]) != before[1]
    assert (ruff.answer_fingerprint(), ruff.cache_keys(["f"])) == before[2:]
