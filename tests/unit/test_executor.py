"""The executor seam's pure parts: spec checking, batching, the inline executor's order and errors."""

from __future__ import annotations

import pytest

from redpen_bench.errors import InputError
from redpen_bench.run.executor import Executor, check_spec, open_executor
from redpen_bench.run.tool_batches import MIN_BATCH, batches


@pytest.mark.parametrize("spec", ["local", "dask:local", "dask:tcp://10.0.0.5:8786", "dask:tls://h:1"])
def test_known_specs_pass(spec):
    assert check_spec(spec) == spec


@pytest.mark.parametrize("spec", ["", "dask", "dask:", "ray:local", "dask:somehost"])
def test_unknown_specs_are_an_input_error(spec):
    with pytest.raises(InputError, match="--executor"):
        check_spec(spec)


def test_batches_keep_order_and_cover_everything():
    digests = [f"{i:04x}" for i in range(173)]
    for workers in (1, 2, 3, 16):
        cut = batches(digests, workers)
        assert [d for b in cut for d in b] == digests
        assert len(cut) <= workers * 2
        assert all(len(b) >= MIN_BATCH for b in cut[:-1])
    assert batches(digests[:5], 8) == [digests[:5]]


def test_inline_executor_keeps_work_order_and_counts_progress():
    seen = []
    with open_executor("local", 1) as executor:
        assert executor.pool is None and not executor.distributed
        out = executor.run_all(lambda a, b: a * b, [(1, 2), (3, 4), (5, 6)],
                               lambda task, done=0, more=0, note="": seen.append((task, done, more)), task="pairs")
    assert out == [2, 12, 30]
    # the one progress protocol (run/progress.py): announced with its total, then one call per unit done
    assert seen == [("pairs", 0, 3), ("pairs", 1, 0), ("pairs", 1, 0), ("pairs", 1, 0)]


def test_threaded_executor_raises_the_first_error():
    def boom(x):
        if x == 2:
            raise ValueError("two")
        return x

    with open_executor("local", 2, threads=True) as executor, pytest.raises(ValueError, match="two"):
        executor.run_all(boom, [(1,), (2,), (3,)])
    inline = Executor("local", None, 1)
    with pytest.raises(ValueError, match="two"):
        inline.run_all(boom, [(1,), (2,), (3,)])
