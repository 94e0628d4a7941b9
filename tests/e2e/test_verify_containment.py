"""`verify` runs corpus code contained: nothing a check starts outlives it, nothing it writes reaches the
corpus, a child holding its stdout does not turn a pass into a timeout, no credential reaches it, and Ctrl-C
ends it with a message of its own. Every check here is real code in real subprocesses."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from redpen_bench.gate.killability import run_killability
from redpen_bench.model.corpus import load_corpus
from redpen_bench.sandbox import SUPERVISOR, Stopper, python_argv, run_contained
from tests.conftest import redpen_cmd
from tests.corpus_factory import item_toml

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process containment is Linux's")

GUARD = 60.0  # seconds: only ever reached when containment is broken

HEADER = """import os, subprocess, sys, time
from pathlib import Path
PIDS = Path({pids!r})

def note(pid):
    with open(PIDS, "a") as file:
        file.write(f"{{pid}}\\n")

"""

BEHAVIOURS = {
    # a background process, its output detached: only the group kill ends it
    "background": """
def check_original(module):
    note(subprocess.Popen(["sleep", "600"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).pid)
    assert module.f(1) == 2
""",
    # a daemon in a session of its own: out of the group's reach
    "double-fork": """
def check_original(module):
    child = os.fork()
    if child == 0:
        os.setsid()
        grandchild = os.fork()
        if grandchild == 0:
            os.execvp("sleep", ["sleep", "600"])
        note(grandchild)
        os._exit(0)
    os.waitpid(child, 0)
    assert module.f(1) == 2
""",
    # a child that keeps the check's stdout and stderr open after the check has passed
    "holds-stdout": """
def check_original(module):
    note(subprocess.Popen(["sleep", "600"]).pid)
    print("checked", flush=True)
    assert module.f(1) == 2
""",
    "writes": """
def check_original(module):
    here = Path(__file__).resolve().parent
    (here / "written-beside.txt").write_text("x")
    (here.parents[1] / "written-in-root.txt").write_text("x")
    Path("written-in-cwd.txt").write_text("x")
    assert module.f(1) == 2
""",
    "environment": """
def check_original(module):
    print(dict(os.environ))
    leaked = [name for name in os.environ if name.upper() in ("FAKE_API_KEY", "GITHUB_TOKEN", "MY_SECRET")]
    assert not leaked, leaked
    assert Path(os.environ["HOME"]).resolve() == Path.cwd().resolve()
    assert module.f(1) == 2
""",
}


def make_corpus(root: Path, pids: Path, behaviours: dict[str, str]) -> Path:
    (root / "items").mkdir(parents=True)
    (root / "corpus.toml").write_text('name = "contained"\nversion = "1"\n')
    for item_id, body in behaviours.items():
        folder = root / "items" / item_id
        folder.mkdir()
        (folder / "item.toml").write_text(item_toml(item_id, {"original": ([2], [["plus one"]])},
                                                    title=f"Containment item {item_id}",
                                                    description="A check that misbehaves while it tests."))
        (folder / "original.py").write_text("def f(x):\n    return x - 1\n")
        for name in ("fixed", "clean"):
            (folder / f"{name}.py").write_text("def f(x):\n    return x + 1\n")
        (folder / "test_item.py").write_text(HEADER.format(pids=str(pids)) + body)
    return root


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def noted(pids: Path) -> list[int]:
    return [int(line) for line in pids.read_text().split()] if pids.exists() else []


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def verify_killability(root: Path) -> dict:
    results = run_killability(load_corpus(root), timeout=GUARD, jobs=2)
    return {item: [(r.check.variant, r.passed, r.detail) for r in found if not r.as_expected]
            for item, found in results.items()}


@pytest.mark.parametrize("behaviour", ["background", "double-fork", "holds-stdout"])
def test_nothing_a_check_starts_outlives_it(tmp_path, behaviour):
    pids = tmp_path / "pids"
    root = make_corpus(tmp_path / "corpus", pids, {behaviour: BEHAVIOURS[behaviour]})
    assert verify_killability(root) == {behaviour: []}  # passes on fixed and clean: not reported as timeouts
    started = noted(pids)
    assert len(started) == 3  # one per check: original, fixed, clean
    assert [pid for pid in started if running(pid)] == []


def test_writes_do_not_reach_the_corpus(tmp_path):
    root = make_corpus(tmp_path / "corpus", tmp_path / "pids", {"writes": BEHAVIOURS["writes"]})
    before, files = load_corpus(root).hash, tree(tmp_path)
    assert verify_killability(root) == {"writes": []}  # the writes succeeded: into the scratch copy
    assert load_corpus(root).hash == before
    assert tree(tmp_path) == files


def test_no_credentials_reach_a_check(tmp_path, monkeypatch):
    for name in ("FAKE_API_KEY", "GITHUB_TOKEN", "MY_SECRET"):
        monkeypatch.setenv(name, "leaked")
    monkeypatch.setenv("my_secret", "leaked")
    root = make_corpus(tmp_path / "corpus", tmp_path / "pids", {"environment": BEHAVIOURS["environment"]})
    assert verify_killability(root) == {"environment": []}


def test_run_contained_environment_and_output(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_API_KEY", "leaked")
    monkeypatch.setenv("Some_Token_Here", "leaked")
    monkeypatch.setenv("LANG", "C.UTF-8")
    code = "import json, os, sys; print(json.dumps(dict(os.environ))); print('bad', file=sys.stderr); sys.exit(3)"
    outcome = run_contained(python_argv(code), tmp_path, GUARD)
    env = json.loads(outcome.stdout)
    assert not {"FAKE_API_KEY", "Some_Token_Here"} & set(env)
    assert env["HOME"] == str(tmp_path) and env["PATH"] == os.environ["PATH"] and env["LANG"] == "C.UTF-8"
    assert (outcome.status, outcome.passed, outcome.timed_out, outcome.detail) == (3, False, False, "bad")


def test_timeout_kills_the_command_and_its_children(tmp_path):
    code = ("import subprocess, time, pathlib; p = subprocess.Popen(['sleep', '600']);"
            "pathlib.Path('pid').write_text(str(p.pid)); time.sleep(600)")
    outcome = run_contained(python_argv(code), tmp_path, 5.0)  # time enough to start the child
    assert outcome.timed_out and not outcome.passed and outcome.detail == "timeout after 5 s"
    assert not running(int((tmp_path / "pid").read_text()))


def wait_for(path: Path) -> None:
    deadline = time.monotonic() + GUARD
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


def test_stopper_ends_a_running_command(tmp_path):
    code = ("import os, subprocess, time, pathlib; p = subprocess.Popen(['sleep', '600']);"
            "pathlib.Path('pids.tmp').write_text(f'{os.getpid()} {p.pid}'); os.rename('pids.tmp', 'pids');"
            "time.sleep(600)")
    stopper, outcomes = Stopper(), []
    worker = threading.Thread(target=lambda: outcomes.append(run_contained(python_argv(code), tmp_path, 600,
                                                                             stopper=stopper)))
    worker.start()
    wait_for(tmp_path / "pids")
    stopper.stop()
    worker.join(GUARD)
    assert outcomes and outcomes[0].stopped and not outcomes[0].passed
    assert [pid for pid in map(int, (tmp_path / "pids").read_text().split()) if running(pid)] == []


HANGS = """
def check_original(module):
    child = subprocess.Popen(["sleep", "600"])
    Path(str(PIDS) + ".tmp").write_text(f"{os.getpid()} {child.pid}")
    os.rename(str(PIDS) + ".tmp", PIDS)  # whole: the test reads it as soon as it exists
    time.sleep(600)
"""


def test_ctrl_c_during_verify(tmp_path):
    pids = tmp_path / "pids"
    root = make_corpus(tmp_path / "corpus", pids, {"hangs": HANGS})
    proc = subprocess.Popen([*redpen_cmd(), "verify", "--corpus", str(root), "--timeout", "600", "--jobs", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(pids)  # the first check has started: verify is under way
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=GUARD)
        left = [pid for pid in map(int, pids.read_text().split()) if running(pid)]
    finally:
        proc.kill()
        for pid in map(int, pids.read_text().split() if pids.exists() else ()):
            if running(pid):  # only when containment failed: leave no process behind even then
                os.kill(pid, signal.SIGKILL)
    progress = "redpen-bench: killability checks"  # verify's progress lines (a line at least every 30 s)
    said = [line for line in stderr.splitlines(keepends=True) if not line.startswith(progress)]
    assert (proc.returncode, stdout, said) == (130, "", ["redpen-bench: verify interrupted; nothing was changed\n"])
    assert left == []


def test_a_lost_supervisor_says_how_it_ended(tmp_path):
    outcome = run_contained(python_argv("import os, signal; os.kill(os.getppid(), signal.SIGKILL)"), tmp_path, GUARD)
    assert (outcome.lost, outcome.passed, outcome.timed_out) == (True, False, False)
    assert outcome.detail.startswith("the supervisor ended without a report (killed by signal 9")


def test_a_check_whose_supervisor_is_lost_runs_again_once(tmp_path):
    """A lost report is no verdict on the check (CI saw one on the shipped corpus): the check runs once more, and
    a second loss is the result, saying how the supervisor ended."""
    once, always = tmp_path / "killed-once", tmp_path / "unused"
    kills = """
def check_original(module):
    if not MARK.exists():
        MARK.write_text("")
        os.kill(os.getppid(), 9)
        os._exit(0)
    assert module.f(1) == 2
"""
    root = make_corpus(tmp_path / "corpus", always, {
        "lost-once": f"MARK = Path({str(once)!r})\n" + kills,
        "lost-always": "\ndef check_original(module):\n    os.kill(os.getppid(), 9)\n"})
    failures = verify_killability(root)
    assert failures["lost-once"] == []
    assert {detail for _, _, detail in failures["lost-always"]} == {
        "the supervisor ended without a report (killed by signal 9)"}
    assert once.exists()


def test_a_timeout_or_stop_after_the_command_ended_changes_nothing():
    """Raising _Stop once the status is known would end the supervisor outside its try, with no report at all."""
    spec = importlib.util.spec_from_file_location("redpen_supervisor_test", SUPERVISOR)
    supervisor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(supervisor)
    with pytest.raises(supervisor._Stop):
        supervisor._raise(signal.SIGALRM, None)
    supervisor._raise(signal.SIGALRM, None)  # the first one finished it: a second signal is no second raise
    supervisor._raise(signal.SIGTERM, None)
