"""The executor seam: where CPU-bound work (kill checks, verify checks, static-analyzer batches) runs.

`--executor local` (the default) is the machine's own process or thread pool, as before; `dask:local` starts a
distributed.LocalCluster on this machine; `dask:tcp://HOST:PORT` sends the work to a running Dask scheduler and
its workers. Every path goes through one function, `Executor.run_all`: submit one task per unit of work, collect
with concurrent.futures.as_completed (Dask's `Client.get_executor()` hands out concurrent.futures futures), put
the results back in work order. The driver alone writes rows and corpus files: a task only returns values, so a
task Dask runs again after its worker died is received once.

LLM requests never come here: they are I/O-bound and stay in the driver's process, asynchronous.
Dask is the optional extra `redpen-bench[dask]`, imported only when a `dask:` executor is asked for.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from redpen_bench.errors import InputError
from redpen_bench.run.progress import Progress, no_progress

INSTALL = "pip install 'redpen-bench[dask]'"
CONNECT_TIMEOUT = 5.0  # seconds to reach a scheduler: an address nobody answers at fails fast
# seconds a scheduler may take to have its first worker (workers still starting, or a queue granting a job):
# then a scheduler with none is an error, not a run that waits for ever
WORKER_WAIT = 60.0


@dataclass
class Executor:
    """An open executor. `pool` is a concurrent.futures.Executor (None: run inline, one at a time);
    `distributed`: the work leaves this process's machine-local pools (Dask), so tasks must carry what they
    need (see docs/scale.md); `workers`: how many tasks run at once."""

    spec: str
    pool: concurrent.futures.Executor | None
    workers: int
    distributed: bool = False
    client: Any = None  # the distributed.Client of a dask: executor

    def run_all(self, function: Callable, work: Sequence[tuple], progress: Progress | None = None,
                task: str = "work") -> list:
        """`function(*w)` for every `w` in `work`, results in work order; the first error stops what has not
        started and is raised here. `progress` hears of them as `task`."""
        progress = progress or no_progress
        progress(task, 0, len(work))
        if self.pool is None:
            results = []
            for w in work:
                results.append(function(*w))
                progress(task, 1)
            return results
        futures = {self.pool.submit(function, *w): i for i, w in enumerate(work)}
        results: list = [None] * len(work)
        try:
            for future in concurrent.futures.as_completed(futures):
                results[futures[future]] = future.result()
                progress(task, 1)
        except BaseException:
            for f in futures:
                f.cancel()
            raise
        return results

    def close(self) -> None:
        if self.pool is not None and self.client is None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        if self.client is not None:  # its futures end with it
            cluster = getattr(self.client, "_redpen_cluster", None)
            self.client.close()
            if cluster is not None:
                cluster.close()


def check_spec(spec: str) -> str:
    """`local`, `dask:local` or `dask:tcp://HOST:PORT` (also tls:// and other Dask address schemes)."""
    if spec == "local" or spec == "dask:local" or (spec.startswith("dask:") and "://" in spec):
        return spec
    raise InputError(f"--executor '{spec}': expected local, dask:local or dask:tcp://HOST:PORT")


@contextlib.contextmanager
def open_executor(spec: str, jobs: int | None = None, threads: bool = False) -> Iterator[Executor]:
    """The executor `spec` names, closed on exit. local: `jobs` processes (forkserver: what a task imports is
    not paid again per task), or threads when the work is subprocesses the threads only wait on; jobs 1: inline.
    dask:local: a LocalCluster of `jobs` (default 2) single-threaded worker processes."""
    spec = check_spec(spec)
    if spec == "local":
        jobs = jobs or os.cpu_count() or 1
        if jobs <= 1:
            pool = None
        elif threads:
            pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
        else:
            pool = concurrent.futures.ProcessPoolExecutor(max_workers=jobs,
                                                          mp_context=multiprocessing.get_context("forkserver"))
        executor = Executor(spec, pool, jobs)
    else:
        executor = _open_dask(spec.removeprefix("dask:"), jobs)
    try:
        yield executor
    finally:
        executor.close()


@contextlib.contextmanager
def open_unless_local(spec: str, jobs: int | None = None) -> Iterator[Executor | None]:
    """The executor `spec` names, or None for local: each command then keeps its own local pools, sized for its
    work (threads for tool runs, processes for checks)."""
    if check_spec(spec) == "local":
        yield None
        return
    with open_executor(spec, jobs) as executor:
        yield executor


def _open_dask(address: str, jobs: int | None) -> Executor:
    try:
        import distributed
    except ImportError:
        raise InputError(f"--executor dask:{address}: Dask is not installed; {INSTALL}") from None
    if address == "local":  # a dashboard on a free port: two clusters on one machine never compete for 8787
        cluster = distributed.LocalCluster(n_workers=jobs or 2, processes=True, threads_per_worker=1,
                                           dashboard_address=":0", silence_logs=logging.ERROR)
        client = distributed.Client(cluster)
        client._redpen_cluster = cluster
    else:
        try:
            _handshake(address, CONNECT_TIMEOUT)
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(f"--executor dask:{address}: no Dask scheduler answers there ({reason})") from None
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT)
        except TimeoutError:
            client.close()
            raise InputError(f"--executor dask:{address}: the scheduler has no workers (waited {WORKER_WAIT:g} s); "
                             f"start one with `dask worker {address}`") from None
    workers = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()) or 1
    # pure=False: a check is run each time it is asked for, never answered from another task's result
    return Executor(f"dask:{address}", client.get_executor(pure=False), workers, distributed=True, client=client)


def _handshake(address: str, timeout: float) -> None:
    """Connect to `address` and finish Dask's handshake within `timeout` seconds, else TimeoutError or OSError.
    distributed.Client's own timeout does not bound the handshake: a listener that accepts and never answers
    (a dead port-forward) kept it waiting for ever."""
    import asyncio

    from distributed.comm import connect
    from distributed.security import Security

    async def probe() -> None:
        comm = await connect(address, timeout=timeout, **Security().get_connection_args("client"))
        await comm.close()

    try:
        asyncio.run(asyncio.wait_for(probe(), timeout))
    except TimeoutError:
        raise TimeoutError(f"no handshake within {timeout:g} s") from None
