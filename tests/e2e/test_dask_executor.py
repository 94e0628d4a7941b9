"""--executor dask:...: the same corpus bytes, verify report and rows under local, dask:local and a real
scheduler with two worker processes on 127.0.0.1; clear one-line errors when Dask is missing or a scheduler
does not answer."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from redpen_bench.run.folder import RunFolder
from tests.conftest import FIXTURE_CORPUS
from tests.e2e.mutate_helpers import ROOT, cli, shipped_items, tree_digest

distributed = pytest.importorskip("distributed")

FAST = ("--operators", "AOR,ROR,SDL,HOM", "--max-per-function", "2", "--timeout", "5", "--seed", "11")
TIMING = {"latency_s", "seconds", "started", "finished"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, guard: float = 120.0) -> None:
    """Until the scheduler accepts connections (or has died): polled, `guard` only against a hang."""
    import time

    deadline = time.monotonic() + guard
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the scheduler exited"
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError("the scheduler never listened")


@pytest.fixture(scope="module")
def scheduler():
    """`dask scheduler` and `dask worker` (two single-threaded worker processes) as separate processes."""
    dask = str(Path(sys.executable).with_name("dask"))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        wait_for_port(port, procs[0])
        procs.append(subprocess.Popen([dask, "worker", address, "--nworkers", "2", "--nthreads", "1",
                                       "--no-dashboard"], env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL))
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def run_rows(run_dir: Path, reviewer: str) -> dict:
    return {(r.item, r.variant): {k: v for k, v in r.to_dict().items() if k not in TIMING}
            for r in RunFolder(run_dir).rows(reviewer)}


def test_same_corpus_verify_and_rows_under_every_executor(tmp_path, scheduler):
    source = shipped_items(tmp_path, "m06-coupon-code", "e01-invoice-tax")
    executors = {"local": "local", "dask-local": "dask:local", "scheduler": f"dask:{scheduler}"}
    digests, reports, rows = {}, {}, {}
    for name, spec in executors.items():
        out = tmp_path / f"gen-{name}"
        made = cli("mutate", "--from-corpus", str(source), "--out", str(out), "--jobs", "2", "--executor", spec,
                   *FAST)
        assert made.returncode == 0, made.stderr
        digests[name] = tree_digest(out)
        checked = cli("verify", "--corpus", str(out), "--format", "json", "--jobs", "2", "--executor", spec)
        assert checked.returncode == 0, checked.stderr
        reports[name] = json.loads(checked.stdout)
        ran = cli("run", "--corpus", str(out), "--reviewer", "ruff:default", "--no-cache", "--executor", spec,
                  "--out", str(tmp_path / f"run-{name}"))
        assert ran.returncode == 0, ran.stderr
        rows[name] = run_rows(tmp_path / f"run-{name}", "ruff:default")
    assert digests["local"] == digests["dask-local"] == digests["scheduler"]
    assert len(digests["local"]) > 10
    assert reports["local"] == reports["dask-local"] == reports["scheduler"]
    assert reports["local"]["counts"]["killable"] == reports["local"]["counts"]["items"]
    assert rows["local"] == rows["dask-local"] == rows["scheduler"]
    assert len(rows["local"]) > 20


def test_unreachable_scheduler_is_one_line_exit_2(tmp_path):
    done = cli("verify", "--corpus", str(FIXTURE_CORPUS),
               "--executor", f"dask:tcp://127.0.0.1:{free_port()}")
    assert done.returncode == 2
    assert "no Dask scheduler answers there" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_listener_that_never_replies_is_one_line_exit_2_within_the_connect_timeout(tmp_path):
    """A dead port-forward: the TCP connection is accepted and nothing ever answers."""
    import threading
    import time

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])  # held open, never read from nor written to
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        start = time.monotonic()
        done = subprocess.run([*cli_argv(), "verify", "--corpus", str(FIXTURE_CORPUS), "--executor",
                               f"dask:tcp://127.0.0.1:{listener.getsockname()[1]}"], capture_output=True,
                              text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
        seconds = time.monotonic() - start
    finally:
        stop.set()
        thread.join()
        for conn in accepted:
            conn.close()
        listener.close()
    assert accepted, "the command never connected"
    assert done.returncode == 2, done.stderr
    assert "no Dask scheduler answers there" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    # the bound is the command's own 5 s; the rest is the interpreter starting under a loaded test run
    assert seconds < 5.0 + 15.0


def cli_argv() -> list[str]:
    return [sys.executable, "-m", "redpen_bench"]


def test_a_scheduler_without_workers_is_an_error_not_a_wait(monkeypatch):
    from redpen_bench.errors import InputError
    from redpen_bench.run import executor

    monkeypatch.setattr(executor, "WORKER_WAIT", 1.0)
    expected = r"the scheduler has no workers \(waited 1 s\); start one with `dask worker "
    with (distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty,
          pytest.raises(InputError, match=expected), executor.open_executor(f"dask:{empty.scheduler_address}")):
        pass


_NO_DASK = """
import sys
class Hide:  # as if redpen-bench[dask] were not installed: dask and distributed cannot be imported
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("dask", "distributed"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Hide())
from redpen_bench.cli import main
sys.argv[0] = "redpen-bench"
main(sys.argv[1:])
"""


@pytest.mark.parametrize("command", [["verify", "--corpus", "CORPUS"], ["run", "--corpus", "CORPUS",
                                                                         "--reviewer", "ruff:default"]])
def test_missing_extra_names_it_in_one_line_exit_2(tmp_path, command):
    argv = [str(FIXTURE_CORPUS) if a == "CORPUS" else a for a in command]
    done = subprocess.run([sys.executable, "-c", _NO_DASK, *argv, "--executor", "dask:local"], cwd=tmp_path,
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 2, done.stderr
    assert "pip install 'redpen-bench[dask]'" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_bad_spec_is_refused():
    bad = cli("verify", "--executor", "ray:local")
    assert bad.returncode == 2 and "expected local, dask:local or dask:tcp://HOST:PORT" in bad.stderr


def test_project_mode_runs_on_the_executor_and_writes_the_same_corpus(tmp_path):
    """One run loop for both modes: project mode's units are tasks on the executor as corpus mode's are."""
    project = ROOT / "tests" / "fixtures" / "mutate_project"
    short = ("--source", "shop/text.py", "--tests", "checks/check_text.py", "--operators", "CRP,ROR",
             "--max-per-function", "2", "--timeout", "20", "--jobs", "2")
    digests = {}
    for spec in ("local", "dask:local"):
        out = tmp_path / spec.replace(":", "-")
        made = cli("mutate", str(project), "--out", str(out), "--executor", spec, *short)
        assert made.returncode == 0, made.stderr
        digests[spec] = tree_digest(out)
    assert len(digests["local"]) > 5
    assert digests["local"] == digests["dask:local"]
