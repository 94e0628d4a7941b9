"""The SQLite verdict cache: shared by threads, and a fresh file opened by many at once."""

from __future__ import annotations

import threading

import pytest

from redpen_bench.run.cache import Cache, cache_key


def test_round_trip(tmp_path):
    cache = Cache(tmp_path / "c.sqlite3")
    key = cache_key(tool="ruff", version="1", file="abc")
    assert cache.get(key) is None
    cache.put(key, {"defect": True, "lines": [3]})
    cache.put_many({cache_key(n=i): i for i in range(600)})
    assert Cache(tmp_path / "c.sqlite3").get(key) == {"defect": True, "lines": [3]}
    assert len(cache.get_many([cache_key(n=i) for i in range(600)])) == 600
    assert cache_key(a=1, b=2) == cache_key(b=2, a=1)


@pytest.mark.slow
def test_many_threads_open_a_fresh_cache_at_once(tmp_path):
    """Measured before the fix: 'database is locked' in 2-3 of 30 trials with 4 threads."""
    for trial in range(15):
        path = tmp_path / f"fresh-{trial}.sqlite3"
        errors: list[BaseException] = []
        barrier = threading.Barrier(8)

        def open_and_write(n: int, path=path, errors=errors, barrier=barrier) -> None:
            try:
                barrier.wait()
                Cache(path).put(cache_key(n=n), n)
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=open_and_write, args=(n,)) for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert len(Cache(path).get_many([cache_key(n=n) for n in range(8)])) == 8
