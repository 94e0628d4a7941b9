"""A file that holds most of a run's source lines has its mutants checked in parts (pipeline.parts_of,
operators.scan's part): every mutant in exactly one part, the same as the whole scan's (key, source, sampling,
tallies), every function whole in one part (so each part makes the pairs the whole file would), the parts about
even, and how many there are decided by the files' lengths alone."""

from __future__ import annotations

import functools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.generate import operators, pipeline
from redpen_bench.generate.units import Unit


def _units(tmp_path: Path, *lines: int) -> list[Unit]:
    found = []
    for i, n in enumerate(lines):
        path = tmp_path / f"m{i}.py"
        path.write_text("x = 1\n" * n, encoding="utf-8")
        found.append(Unit(path.name, path, path.stem))
    return found


def test_only_a_file_that_holds_most_of_the_run_is_split_and_by_its_length(tmp_path: Path):
    for lines, parts in ((10, 1), (300, 1), (301, 2), (600, 2), (601, 4), (5000, 4)):
        assert pipeline.parts_of(_units(tmp_path, lines, 10)) == [parts, 1], lines
    # two big files share the cores as they are; the one that holds most of the lines is split
    assert pipeline.parts_of(_units(tmp_path, 700, 700, 40)) == [1, 1, 1]
    assert pipeline.parts_of(_units(tmp_path, 700, 300, 40)) == [4, 1, 1]


REAL = [Path(pipeline.__file__), Path(operators.__file__)]  # real modules of many functions, classes and closures


@functools.cache
def _scan(path: Path, parts: int, part: int, limit: int | None) -> operators.Scan:
    return operators.scan(path.read_text(encoding="utf-8"), max_per_function=limit, seed=3, include_obvious=True,
                          part=part, parts=parts)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(REAL), st.integers(min_value=2, max_value=5), st.sampled_from([None, 2]))
def test_the_parts_of_a_scan_are_the_whole_scan_cut_by_whole_functions(path: Path, parts: int, limit: int | None):
    whole = _scan(path, 1, 0, limit)
    found = [_scan(path, parts, part, limit) for part in range(parts)]
    assert sorted((m.key, m.source) for s in found for m in s.mutants) == sorted(
        (m.key, m.source) for m in whole.mutants)
    owner = {m.function: i for i, s in enumerate(found) for m in s.mutants}
    assert all(owner[m.function] == i for i, s in enumerate(found) for m in s.mutants)
    assert {op: {k: sum(s.counts[op][k] for s in found) for k in c} for op, c in whole.counts.items()} == whole.counts
    biggest = max(sum(m.function == f for m in whole.mutants) for f in owner)
    assert max(len(s.mutants) for s in found) <= len(whole.mutants) / parts + biggest + 10  # about even


def test_the_docs_give_the_lengths_the_code_splits_at():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "mutate.md").read_text(encoding="utf-8")
    assert pipeline.DOMINANT == 0.5 and "A file that holds more than half of the run's source lines" in doc
    assert (f"is checked in 2 parts if it has more than {pipeline.PART_LINES} lines, in {pipeline.MAX_PARTS} if "
            f"more than {2 * pipeline.PART_LINES}") in " ".join(doc.split())
