"""Each operator module's examples() are its tests: the site of that mechanism makes exactly the example's
module, and the default corpus's realism rule (`obvious`) says what the example says."""

from __future__ import annotations

import pytest

from redpen_bench.generate import mutation_operators
from redpen_bench.generate.sites import collect
from redpen_bench.model.operators import MUTATION

CASES = [(code, example) for code, examples in mutation_operators.examples().items() for example in examples]


def test_one_module_per_operator_code():
    assert list(mutation_operators.BY_CODE) == list(MUTATION)
    for module in mutation_operators.MODULES:
        assert module.__name__.rsplit(".", 1)[1] == module.CODE.lower()
        for name in ("CHANGES", "NODES", "sites", "VOCABULARY", "obvious", "examples"):
            assert hasattr(module, name), f"{module.__name__} declares no {name} (mutation_operators/common.py)"
        assert module.examples(), f"{module.__name__} has no examples()"


def test_mechanism_labels_are_one_operators_and_have_a_title():
    """VOCABULARY and LABELS are keyed by mechanism label alone: a label two modules share would merge their
    vocabularies silently. An item's title says `old -> new` from an `old->new` label, else the module's LABELS."""
    seen: dict[str, str] = {}
    for module in mutation_operators.MODULES:
        for label in module.VOCABULARY:
            assert label not in seen, f"{module.CODE} and {seen[label]} both label a mechanism {label!r}"
            seen[label] = module.CODE
            assert label in getattr(module, "LABELS", {}) or len(label.split("->")) == 2, (module.CODE, label)


@pytest.mark.parametrize(("statement", "operators"), [
    ("x = a / b", ["AOR", "AOR", "UOI", "OSW"]),
    ("x = a < b", ["ROR", "OSW"]),
    ("x = a and b", ["LCR", "UOI", "UOI"]),
])
def test_the_sites_at_one_node_come_in_mutation_order(statement, operators):
    """Several operators mutate one node: the walker asks them in MUTATION's order, the order `mutate` numbers and
    samples their mutants in (a new order would change every generated corpus)."""
    assert [site.operator for site in collect(statement + "\n")] == operators
    assert operators == sorted(operators, key=list(MUTATION).index)


@pytest.mark.parametrize(("code", "example"), CASES, ids=[f"{c}-{e.mechanism}" for c, e in CASES])
def test_example_is_what_the_operator_makes(code, example):
    made = {}
    for site in collect(example.source):
        if site.operator == code and site.mechanism == example.mechanism:
            made[example.source[: site.start] + site.text + example.source[site.end:]] = site
    assert example.mutated in made, f"{code} {example.mechanism} makes {sorted(made)}"
    assert made[example.mutated].obvious == example.obvious


def test_every_mechanism_a_site_can_have_has_a_vocabulary():
    labels = {site.mechanism for _, example in CASES for site in collect(example.source)}
    assert labels <= set(mutation_operators.VOCABULARY)


@pytest.mark.parametrize("mechanism", sorted(mutation_operators.VOCABULARY))
def test_no_phrase_is_ordinary_english(mechanism):
    """A phrase every sentence hits would credit any answer: never `and`, `or`, `the`, `is`, `not` alone."""
    ordinary = {"and", "or", "the", "is", "not", "a", "it", "in", "of", "to", "be", "this", "that", "code", "bug",
                "wrong", "error", "value", "condition", "check", "operator", "result", "should", "instead"}
    assert not ordinary & {p.strip() for p in mutation_operators.VOCABULARY[mechanism]}
