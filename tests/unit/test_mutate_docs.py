"""docs/mutate.md's operator table is generated from the operator modules: adding or renaming an operator
without the docs fails."""

from __future__ import annotations

from pathlib import Path

from redpen_bench.generate.mutation_operators import markdown_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "mutate.md"


def test_operator_table_is_generated_from_the_code():
    current = DOC.read_text(encoding="utf-8").split("<!-- operators:start -->", 1)[1].split("<!-- operators:end -->")[0]
    assert current.strip() == markdown_table(), ("docs/mutate.md's operator table is stale: paste "
                                                 "redpen_bench.generate.mutation_operators.markdown_table()")
