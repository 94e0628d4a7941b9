"""A Dask worker killed while it runs an analyzer batch: Dask runs the batch again on another worker, the run
finishes, and every snippet has exactly one row, the row a local run gives (tasks only return values; the
driver alone writes rows)."""

from __future__ import annotations

import os
import signal
import threading
import time
from dataclasses import replace

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.static import find_executable
from redpen_bench.run.executor import open_executor
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from redpen_bench.run.tool_batches import batches
from tests.tools.test_static_adapters import fake_tool

pytest.importorskip("distributed")
TIMING = {"latency_s", "seconds", "started", "finished"}
SPEC = "ruff:default"


def wait_until(condition, guard: float = 180.0) -> None:
    deadline = time.monotonic() + guard  # a failure guard only: the test waits on the event itself
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


def test_a_killed_worker_s_batch_runs_again_and_every_row_is_written_once(tmp_path, monkeypatch):
    corpus = load_corpus(None)
    options = ReviewOptions(cache=None, timeout=900)
    assert run_reviewers(corpus, [SPEC], tmp_path / "local", options).failures == {}
    log, go = tmp_path / "scans.log", tmp_path / "go"
    # a scan of staged files logs its start, then waits for the test's go; questions about rules run at once
    monkeypatch.setenv("REDPEN_RUFF_EXE", fake_tool(tmp_path, f"""
case "$*" in *s0[0-9][0-9][0-9].py*)
  echo "started $PPID" >> {log}
  while [ ! -e {go} ]; do sleep 0.05; done;;
esac
exec {find_executable("ruff")} "$@"
"""))
    done: dict = {}
    with open_executor("dask:local", 2) as executor:  # its workers inherit the wrapper's variable
        client = executor.client
        runner = threading.Thread(target=lambda: done.update(result=run_reviewers(
            corpus, [SPEC], tmp_path / "dask", replace(options, executor=executor))), daemon=True)
        runner.start()
        wait_until(lambda: log.exists() and log.read_text().strip())
        # the worker process whose tool run has started (a tool's parent is the worker; its nanny restarts it)
        scanning = {int(line.split()[1]) for line in log.read_text().splitlines()}
        victim, pid = next((a, p) for a, p in client.run(os.getpid).items() if p in scanning)
        os.kill(pid, signal.SIGKILL)
        wait_until(lambda: victim not in client.scheduler_info()["workers"])
        go.touch()
        runner.join(600)
        assert not runner.is_alive()
    assert done["result"].failures == {}
    batch_count = len(batches(sorted({v.sha256 for v in corpus.snippets}), 2))
    assert log.read_text().count("started") > batch_count  # the killed worker's batch ran again
    written = list(RunFolder(tmp_path / "dask").rows(SPEC))
    keys = [(r.item, r.variant) for r in written]
    assert len(keys) == len(set(keys)) == len(corpus.snippets)
    local = {(r.item, r.variant): {k: v for k, v in r.to_dict().items() if k not in TIMING}
             for r in RunFolder(tmp_path / "local").rows(SPEC)}
    assert {k: {f: v for f, v in r.to_dict().items() if f not in TIMING} for k, r in zip(keys, written)} == local
