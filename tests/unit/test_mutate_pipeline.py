"""Pure parts of `mutate`: the timeout rule, selection, TOML writing."""

from __future__ import annotations

from pathlib import Path

import rtoml

from redpen_bench.generate import operators
from redpen_bench.generate.items import toml_table
from redpen_bench.generate.kill import Outcome, limit_for, verdict
from redpen_bench.generate.pipeline import select
from redpen_bench.generate.units import Killed, Options, Unit, UnitResult

SOURCE = "def f(a, b):\n    if a < b:\n        return a + b\n    return a - b\n\n\ndef g(x):\n    return x * 2\n"


def test_a_timeout_kills_only_when_the_source_ran_well_inside_the_limit():
    timeout = Outcome("timeout", seconds=1.0)
    assert verdict(timeout, 0.01, 10.0) == "timed-out"
    assert verdict(timeout, 3.0, 10.0) == "slow"  # the source used more than a quarter of the limit
    assert verdict(Outcome("fail"), 3.0, 10.0) == "killed"
    assert verdict(Outcome("pass"), 0.01, 10.0) == "survived"
    assert limit_for(0.001, 10.0) == 1.0 and limit_for(0.1, 10.0) == 5.0 and limit_for(1.0, 10.0) == 10.0


def _results(tmp_path: Path) -> list[UnitResult]:
    path = tmp_path / "m.py"
    path.write_text(SOURCE)
    unit = Unit("m.py", path, "m")
    result = UnitResult(unit)
    result.killed = [Killed(unit, m, ("t",), False) for m in reversed(operators.scan(SOURCE).mutants)]
    return [result]


def test_select_orders_by_family_and_key_and_samples_the_same_way_each_time(tmp_path):
    results = _results(tmp_path)
    everything = select(results, Options())
    order = [list(operators.OPERATORS).index(k.mutant.operator) for k in everything]
    assert order == sorted(order) and len(everything) == len(results[0].killed)
    few = select(results, Options(seed=3, max_items=4))
    assert len(few) == 4 and [k.mutant.key for k in few] == [k.mutant.key for k in select(results, Options(
        seed=3, max_items=4))]
    assert len({k.mutant.operator for k in few}) == min(4, len({k.mutant.operator for k in everything}))


def test_toml_tables_read_back_as_written():
    table = {"text": 'a "quoted"\nline\\ with ünïcode', "n": 3, "x": 0.5, "ok": False, "lines": [1, 2],
             "sites": {"14": [13]}, "groups": [["a", "b"], ["c"]]}
    assert rtoml.loads(toml_table("t", table))["t"] == table
