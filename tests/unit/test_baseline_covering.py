"""Baseline.covering answers from an index made once (every kill check asks it): for any record of which functions
each test ran, the same tests as scanning that record, as it was done before: a test covers `rel:function` when
it ran that function or one nested in it (a `<locals>` step read away), and only stable tests count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.generate.project_baseline import Baseline

RELS = ["src/pkg/m.py", "src/pkg/n.py", "pkg/we:ird.py"]
NAMES = ["f", "g", "C", "helper", "<locals>"]
keys = st.builds(lambda rel, parts: f"{rel}:{'.'.join(parts)}", st.sampled_from(RELS),
                 st.lists(st.sampled_from(NAMES), min_size=1, max_size=4))
TESTS = [f"tests/test_m.py::test_{i}" for i in range(6)]


def scanned(base: Baseline, rel: str, function: str) -> tuple[str, ...]:
    key = f"{rel}:{function}"
    return tuple(sorted(t for t in base.stable if any(
        k == key or k.startswith(key + ".") for k in (c.replace(".<locals>", "") for c in base.covered.get(t, ())))))


@settings(max_examples=200, deadline=None)
@given(covered=st.dictionaries(st.sampled_from(TESTS), st.frozensets(keys, max_size=6)),
       stable=st.frozensets(st.sampled_from(TESTS)), query=keys)
def test_covering_is_the_scan_of_what_each_test_ran(covered, stable, query):
    base = Baseline(1.0, stable, (), covered)
    rel, _, function = query.rpartition(":")
    function = function.replace(".<locals>", "")
    assert base.covering(rel, function) == scanned(base, rel, function)
    for key in (k.replace(".<locals>", "") for found in covered.values() for k in found):
        rel, _, function = key.rpartition(":")
        assert base.covering(rel, function) == scanned(base, rel, function)
