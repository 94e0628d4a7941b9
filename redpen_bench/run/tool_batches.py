"""One tool run spread over the workers of a distributed executor (--executor dask:...), for the planner of tool
runs (run/tool_runs.py).

The files are split, in content-hash order, into batches; each batch is one task: one tool process over it on a
worker, as `StaticReviewer.scan` runs one over all of them here. A file's findings depend on that file alone
for every shipped profile (pylint's duplicate-code, the one rule that compares files, is always disabled:
pylint.ALWAYS_DISABLED), so the batches together say what one run says. A task carries its files' contents,
not their paths: a worker needs the tools and redpen-bench, not the corpus. Profiles travel inside the
reviewer; a semgrep rule file a profile names is read on the worker at its path (docs/scale.md).
"""

from __future__ import annotations

import copy
import math
import tempfile
from dataclasses import replace
from pathlib import Path

from redpen_bench.reviewers.base import TaskExecutor
from redpen_bench.reviewers.tools.findings import FileResult
from redpen_bench.reviewers.tools.package_site import site_of
from redpen_bench.reviewers.tools.process import ToolError, tool_version
from redpen_bench.reviewers.tools.static import StaticReviewer

MIN_BATCH = 20  # files per task at least: a tool process costs a start-up second or more
BATCHES_PER_WORKER = 2  # a slow batch on one worker is not all the others wait for


def batches(digests: list[str], workers: int) -> list[list[str]]:
    """`digests` in order, cut into at most workers * BATCHES_PER_WORKER runs of MIN_BATCH or more."""
    count = max(1, min(workers * BATCHES_PER_WORKER, len(digests) // MIN_BATCH))
    size = math.ceil(len(digests) / count)
    return [digests[i:i + size] for i in range(0, len(digests), size)]


def worker_copy(reviewer: StaticReviewer) -> StaticReviewer:
    """The reviewer as a task carries it: no verdict cache (the driver looks up and stores), no executor (a
    worker runs its batch itself)."""
    clone = copy.copy(reviewer)
    clone.options = replace(reviewer.options, cache=None, executor=None)
    return clone


def scan_contents(reviewer: StaticReviewer, contents: dict[str, bytes]) -> tuple[dict[str, str], dict[str, FileResult]]:
    """On a worker: the files (content hash -> bytes) written to a scratch folder, scanned by one tool run;
    with the worker's versions of the tool and of the packages that change its findings."""
    with tempfile.TemporaryDirectory(prefix="redpen-batch-") as tmp:
        paths = {}
        for digest, data in contents.items():
            paths[digest] = Path(tmp) / f"{digest}.py"
            paths[digest].write_bytes(data)
        return {dist: tool_version(dist) for dist in (reviewer.dist, *reviewer.dist_deps)}, reviewer.scan(paths)


def scan_spread(reviewer: StaticReviewer, files: dict[str, Path], executor: TaskExecutor) -> dict[str, FileResult]:
    """What `reviewer.scan(files)` returns, from one task per batch on the executor's workers."""
    carried = worker_copy(reviewer)
    work = [(carried, {d: files[d].read_bytes() for d in batch}) for batch in batches(sorted(files), executor.workers)]
    results: dict[str, FileResult] = {}
    here = {reviewer.dist: reviewer.version, **reviewer.packages}
    for versions, found in executor.run_all(scan_contents, work):
        for dist, version in versions.items():  # the cache key and the run's manifest name this machine's versions
            if version != here[dist]:
                raise ToolError(f"a Dask worker has {dist} {version}, this machine {here[dist]}: "
                                "install the same versions on every worker (docs/scale.md)")
        results.update(found)
    return results


def scan(reviewer: StaticReviewer, files: dict[str, Path]) -> dict[str, FileResult]:
    """One tool run over `files`: in batches on the workers when the run's executor is distributed, else here."""
    executor = reviewer.options.executor
    # a snippet staged in its package needs the package's files, which a task does not carry: such runs stay here
    if executor is not None and executor.distributed and len(files) > 1 \
            and not any(site_of(path) for path in files.values()):
        return scan_spread(reviewer, files, executor)
    return reviewer.scan(files)
