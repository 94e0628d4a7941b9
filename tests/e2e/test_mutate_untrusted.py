"""`mutate` and `verify` run code they did not write: a project's conftest.py, its tests, an item's check. What
it starts does not outlive the command, no credential is one file read away in an ancestor's environment, a
file that does not parse and an earlier output of mutate inside the project are skipped, and Ctrl-C says what
mutate really did. Every process here is real."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.mutate_helpers import LOOP, ROOT, cli, synthetic_item, tree_digest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process containment is Linux's")

PROJECT = ROOT / "tests" / "fixtures" / "mutate_project"
SECRET = "sk-redpen-planted-0123456789abcdef"  # a value no other environment holds
# a short run of the fixture project: one module, its own checks, one constant mutant per function
SHORT = ("--source", "shop/text.py", "--tests", "checks/check_text.py", "--operators", "CRP",
         "--max-per-function", "1", "--timeout", "20")


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in "ZX"


def noted(path: Path) -> list[int]:
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def kill_noted(path: Path) -> None:
    """A failing test must not leave its escapees running on a shared machine."""
    for pid in noted(path):
        if running(pid):
            os.kill(pid, signal.SIGKILL)


ESCAPE = """import os, subprocess
PIDS = {pids!r}


def pytest_sessionstart(session):
    # a child in a session of its own: out of reach of a process-group kill
    child = subprocess.Popen(["sleep", "600"], start_new_session=True, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    with open(PIDS, "a") as file:
        file.write(f"{{child.pid}}\\n")
"""


def test_a_conftest_child_in_its_own_session_does_not_outlive_mutate(tmp_path):
    project, pids = tmp_path / "project", tmp_path / "pids"
    shutil.copytree(PROJECT, project)
    (project / "conftest.py").write_text(ESCAPE.format(pids=str(pids)))
    try:
        made = cli("mutate", str(project), "--out", str(tmp_path / "gen"), "--jobs", "2", *SHORT)
        assert made.returncode == 0, made.stderr
        started = noted(pids)
        assert len(started) >= 3  # the baseline, the forced failure, the mutants: one per suite run
        assert [pid for pid in started if running(pid)] == []
    finally:
        kill_noted(pids)


# what foreign code can read: the environment block of every process above it
ANCESTORS = """
def secret_holders():
    pid, found = os.getpid(), []
    while pid > 1:
        try:
            with open(f"/proc/{pid}/environ", "rb") as file:
                if SECRET in file.read():
                    found.append(pid)
        except OSError:
            pass
        with open(f"/proc/{pid}/stat") as file:
            pid = int(file.read().rsplit(")", 1)[1].split()[1])
    with open(REPORT, "a") as file:
        file.write(f"{os.getpid()} {found}\\n")
"""


def _env_with_secret() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), OPENAI_API_KEY=SECRET, MY_SERVICE_TOKEN=SECRET)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "redpen_bench", *args], capture_output=True, text=True,
                          env=_env_with_secret())


def _reports(path: Path) -> list[str]:
    lines = path.read_text().splitlines()
    assert lines, "the check never ran"
    return [line for line in lines if not line.endswith(" []")]


def test_no_ancestor_of_a_check_holds_a_credential(tmp_path):
    report = tmp_path / "report"
    header = f"import os\nSECRET = {SECRET.encode()!r}\nREPORT = {str(report)!r}\n" + ANCESTORS
    check = header + "\ndef check_original(m):\n    secret_holders()\n    assert m.total(4) == 6\n"
    source = synthetic_item(tmp_path, LOOP, check, original=LOOP.replace("s += i", "s -= i"))
    out = tmp_path / "gen"
    made = _cli("mutate", "--from-corpus", str(source), "--out", str(out), "--operators", "AOR", "--jobs", "2")
    assert made.returncode == 0, made.stderr
    assert _reports(report) == []
    report.unlink()
    checked = _cli("verify", "--corpus", str(out), "--format", "json")
    assert '"killable"' in checked.stdout, checked.stderr
    assert _reports(report) == []
    report.unlink()
    _cli("verify", "--corpus", str(source), "--format", "json")  # a hand-written corpus: one interpreter per check
    assert _reports(report) == []


def test_no_ancestor_of_a_project_test_holds_a_credential(tmp_path):
    project, report = tmp_path / "project", tmp_path / "report"
    shutil.copytree(PROJECT, project)
    conftest = (f"import os\nSECRET = {SECRET.encode()!r}\nREPORT = {str(report)!r}\n" + ANCESTORS
                + "\n\ndef pytest_sessionstart(session):\n    secret_holders()\n")
    (project / "conftest.py").write_text(conftest)
    made = _cli("mutate", str(project), "--out", str(tmp_path / "gen"), *SHORT)
    assert made.returncode == 0, made.stderr
    assert _reports(report) == []


def test_a_file_that_does_not_parse_is_skipped_with_a_warning(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(PROJECT, project)
    (project / "shop" / "legacy.py").write_text("def broken(:\n    return 1\n")  # imported by nothing
    made = cli("mutate", str(project), "--out", str(tmp_path / "gen"), "--tests", "checks/check_text.py",
               "--operators", "CRP", "--max-per-function", "1", "--timeout", "20")
    assert made.returncode == 0, made.stderr
    assert "Traceback" not in made.stderr
    assert "warning" in made.stderr and "shop/legacy.py" in made.stderr and "skipped" in made.stderr


def test_an_output_inside_the_project_is_not_mutated_again(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(PROJECT, project)
    args = ("--tests", "checks/check_text.py", "--operators", "CRP", "--max-per-function", "1", "--timeout", "20")
    first = cli("mutate", str(project), "--out", str(project / "gen"), *args)
    assert first.returncode == 0, first.stderr
    digest = tree_digest(project / "gen")
    second = cli("mutate", str(project), "--out", str(project / "gen"), *args)
    assert second.returncode == 0, second.stderr
    assert tree_digest(project / "gen") == digest
    # and wherever it lies, under any name: a copy of it elsewhere in the project is skipped too
    shutil.copytree(project / "gen", project / "shop" / "old-output")
    third = cli("mutate", str(project), "--out", str(project / "gen"), *args)
    assert third.returncode == 0, third.stderr
    assert tree_digest(project / "gen") == digest


SLOW_CHECK = "import time\n\ndef check_original(m):\n    time.sleep(0.3)\n    assert m.total(4) == 6\n"


@pytest.mark.parametrize(("signum", "code", "word"), [(signal.SIGINT, 130, "interrupted"),
                                                      (signal.SIGTERM, 143, "terminated")])
def test_an_interrupted_mutate_says_what_it_did(tmp_path, signum, code, word):
    source = synthetic_item(tmp_path, LOOP, SLOW_CHECK, original=LOOP.replace("s += i", "s -= i"))
    out = tmp_path / "gen"
    proc = subprocess.Popen([sys.executable, "-m", "redpen_bench", "mutate", "--from-corpus", str(source),
                             "--out", str(out), "--jobs", "1"], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any("_check_loop" in command for command in _descendants(proc.pid)):
        assert time.monotonic() < deadline and proc.poll() is None, "no check ever started"
        time.sleep(0.1)
    time.sleep(0.5)
    proc.send_signal(signum)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, stderr
    assert "resume" not in stderr and "verdict" not in stderr
    assert f"redpen-bench: {word}; nothing was written" in stderr
    assert not out.exists() and not list(tmp_path.glob(".gen.tmp-*"))


def _descendants(root: int) -> list[str]:
    """The command lines of every process below `root` (this test's own command, not another one's)."""
    parents, commands = {}, {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            commands[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier and pid not in found}
        found |= frontier
    return [commands.get(pid, "") for pid in found]
