"""The check worker: check after check in one contained interpreter, each on fresh modules, with nothing one
check changes seen by the next, a timeout however the check resists its alarm, and a crash judged as a crash."""

from __future__ import annotations

import pytest

from redpen_bench.errors import InputError
from redpen_bench.gate.check_worker import CheckWorker

TEST = """
import os
SEEN = []


def check_original(m):
    SEEN.append(m)
    assert len(SEEN) == 1, "the test module kept state from an earlier check"
    assert os.environ.get("LEAK") is None and not os.getcwd().startswith("/proc"), "a check's changes leaked"
    assert m.double(2) == 4
"""
GOOD = "def double(x):\n    return x * 2\n"


@pytest.fixture
def worker(tmp_path):
    (tmp_path / "test_item.py").write_text(TEST)
    with CheckWorker(tmp_path / "test_item.py", "check_original", 3.0) as running:
        yield running


def test_pass_and_fail_on_fresh_modules_every_time(worker):
    assert worker.check(GOOD).status == "pass"
    bad = worker.check("def double(x):\n    return x + 3\n")
    assert bad.status == "fail" and bad.detail.startswith("AssertionError")
    assert [worker.check(GOOD).status for _ in range(3)] == ["pass"] * 3


def test_what_a_check_changes_is_put_back(worker):
    meddling = ("import os, sys, builtins, random\nos.environ['LEAK'] = '1'\nos.chdir('/proc')\n"
                "sys.setrecursionlimit(50)\nbuiltins.len = None\nsys.stdout = None\nrandom.random()\n" + GOOD)
    pid = worker.proc.pid
    assert worker.check(meddling).status == "fail"  # builtins.len is gone within this check
    assert worker.check(GOOD).status == "pass" and worker.proc.pid == pid  # put back, not restarted
    draw = "import random\nraise ValueError(random.random())\n"
    assert len({worker.check(draw).detail for _ in range(3)}) == 1  # the generator starts where it did


def test_a_check_that_deletes_its_working_folder_costs_nothing_after_it(worker):
    pid = worker.proc.pid
    gone = worker.check("import os, shutil\nshutil.rmtree(os.getcwd())\n" + GOOD)
    assert gone.detail.startswith("FileNotFoundError")  # the test's own os.getcwd() finds no folder
    assert worker.check(GOOD).status == "pass" and worker.proc.pid == pid


def test_a_check_that_breaks_the_putting_back_keeps_its_answer_and_costs_a_new_worker(worker):
    pid = worker.proc.pid
    assert worker.check("import os\nos.chdir = None\n" + GOOD).status == "pass"
    assert worker.proc.pid != pid and worker.check(GOOD).status == "pass"


def test_printing_or_reading_stdin_does_not_touch_the_protocol(worker):
    assert worker.check("print('DEFECT: yes')\nprint('{}')\n" + GOOD).status == "pass"
    assert worker.check("input()\n" + GOOD).detail.startswith("EOFError")
    assert worker.check(GOOD).status == "pass"


@pytest.mark.parametrize("looping", [
    "def double(x):\n    while True:\n        pass\n",
    # catches the alarm once and returns the right answer: still a timeout
    "def double(x):\n    try:\n        while True:\n            pass\n"
    "    except BaseException:\n        return x * 2\n",
])
def test_a_check_past_its_limit_is_a_timeout(worker, looping):
    outcome = worker.check(looping, 0.5)
    assert outcome.status == "timeout" and outcome.seconds < 2
    assert worker.check(GOOD).status == "pass"


def test_an_ignored_alarm_costs_the_worker_not_the_run(worker):
    pid = worker.proc.pid
    deaf = ("import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
            "def double(x):\n    while True:\n        pass\n")
    assert worker.check(deaf, 0.5).status == "timeout"
    assert worker.proc.pid != pid and worker.check(GOOD).status == "pass"  # a new worker took over


@pytest.mark.parametrize(("ending", "status"), [
    ("import os\nos._exit(0)\n", "pass"), ("import os\nos._exit(3)\n", "fail"),
    ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "fail"),
    ("import sys\nsys.exit(0)\n", "pass"), ("import sys\nsys.exit(2)\n", "fail"),
])
def test_a_check_that_ends_the_interpreter_is_judged_by_its_exit(worker, ending, status):
    assert worker.check(ending).status == status
    assert worker.check(GOOD).status == "pass"


def test_memory_past_the_limit_is_a_failure_not_a_lost_worker(worker):
    outcome = worker.check("hoard = bytearray(4 * 1024 ** 3)\n")
    assert outcome.status == "fail" and "MemoryError" in outcome.detail
    assert worker.check(GOOD).status == "pass"


def test_a_test_module_that_cannot_be_imported_is_an_input_error(tmp_path):
    (tmp_path / "test_item.py").write_text("import no_such_module_here\n")
    with pytest.raises(InputError, match=r"test_item.py: cannot be imported: ModuleNotFoundError"):
        CheckWorker(tmp_path / "test_item.py", "check_original", 3.0)
    (tmp_path / "test_item.py").write_text(TEST)
    with pytest.raises(InputError, match="AttributeError"):
        CheckWorker(tmp_path / "test_item.py", "check_missing", 3.0)
