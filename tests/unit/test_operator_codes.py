"""Operator codes: ABS (absolute-value insertion in the mutation literature) became EDGE, a missing edge-case check,
in corpus format 1.2; every code is named in one table (model/operators.py), which the README, corpus/FORMAT.md
and the report's legend all show."""

from __future__ import annotations

import shutil

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.item_fields import KNOWN_OPERATORS
from redpen_bench.model.operators import NAMES, RENAMED, codes_table, legend
from tests.conftest import FIXTURE_CORPUS, ROOT


def _with_operators(tmp_path, operators: str):
    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURE_CORPUS, corpus)
    toml = corpus / "items" / "t2-empty" / "item.toml"
    toml.write_text(toml.read_text().replace('operators = ["EDGE"]', f"operators = {operators}"))
    return corpus, toml


def test_the_loader_knows_edge_and_names_the_rename_of_abs(tmp_path):
    corpus, _ = _with_operators(tmp_path, '["EDGE"]')
    item = next(i for i in load_corpus(corpus).items if i.id == "t2-empty")
    assert item.operators == ("EDGE",) and "EDGE" in KNOWN_OPERATORS and "ABS" not in KNOWN_OPERATORS
    corpus, toml = _with_operators(tmp_path / "old", '["ROR", "ABS"]')
    with pytest.raises(CorpusError) as error:
        load_corpus(corpus)
    assert str(error.value) == (f"{toml}: field 'operators': 'ABS' is now 'EDGE' (missing edge-case check) "
                                "since corpus format 1.2")


def test_edge_clashes_with_no_mutate_operator_and_every_code_has_a_name():
    from redpen_bench.generate.operators import OPERATORS

    assert "EDGE" not in OPERATORS and set(RENAMED).isdisjoint(NAMES)
    assert set(KNOWN_OPERATORS) <= set(NAMES)
    assert legend(["EDGE", "AOR", "XYZ"]) == f"AOR {NAMES['AOR']}; EDGE missing edge-case check; XYZ"


def test_the_shipped_corpus_uses_edge_and_is_version_1_2():
    corpus = load_corpus(ROOT / "corpus")
    assert corpus.version == "1.2"
    assert {i.id for i in corpus.items if "EDGE" in i.operators} == {"m05-latency-summary", "m06-coupon-code",
                                                                      "m07-job-progress"}


@pytest.mark.parametrize("doc", ["README.md", "corpus/FORMAT.md"])
def test_the_docs_define_every_code_from_the_one_table(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    shown = text.split("<!-- operators:start -->", 1)[1].split("<!-- operators:end -->", 1)[0].strip()
    assert shown == codes_table(), f"{doc}: paste model.operators.codes_table() between the operators markers"
