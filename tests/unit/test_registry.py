"""The registry is the one list of families: everything that sorts reviewers by kind reads it."""

from __future__ import annotations

import pytest

from redpen_bench.report.finding import kind
from redpen_bench.reviewers import BASELINES, KINDS, REGISTRY, Family, _plugin_problem, names_of_kind, unique_specs
from redpen_bench.reviewers import parse_spec as spec
from redpen_bench.reviewers.base import SpecError
from redpen_bench.reviewers.tools.static import StaticReviewer


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_family_has_a_kind_and_a_factory_that_loads(name):
    family = REGISTRY[name]
    assert family.name == name and family.kind in KINDS
    if family.kind == "llm":  # without its SDK (an optional extra) an LLM family is unavailable, not broken
        pytest.importorskip(family.factory.partition(":")[0])
    factory = family.load()
    if issubclass_safe(factory, StaticReviewer):  # an analyzer's facts are in its own module
        assert factory.tool.name == factory.family == name
    if family.kind == "combination":
        assert callable(factory.components_of)


def issubclass_safe(value, klass) -> bool:
    return isinstance(value, type) and issubclass(value, klass)


def test_the_report_reads_kinds_from_the_registry():
    assert BASELINES == ("always-no", "always-yes", "random", "oracle") == names_of_kind("baseline")
    assert [kind(f) for f in ("openai", "anthropic", "replay", "inspect")] == ["llm"] * 4
    assert [kind(f) for f in ("ruff", "pylint", "bandit", "semgrep", "sarif")] == ["analyzer"] * 5
    assert [kind(f) for f in ("ensemble", "oracle", "gone-plugin")] == ["other"] * 3


def test_one_rule_for_a_spec_asked_for_twice():
    assert [s.key for s in unique_specs([spec("ruff:bugs"), spec("oracle"), spec("ruff:bugs")])] == ["ruff:bugs",
                                                                                                     "oracle"]
    with pytest.raises(SpecError, match="named twice"):
        unique_specs([spec("x=ruff:bugs"), spec("x=pylint")])


def test_what_a_plugin_entry_point_must_name():
    good = Family("mine", "analyzer", "mine.tool:Mine", "mine", "d")
    assert _plugin_problem("mine", good) is None
    assert "is not a redpen_bench.reviewers.Family" in _plugin_problem("mine", object())
    assert "named 'other'" in _plugin_problem("other", good)
    assert "kind 'tool'" in _plugin_problem("mine", Family("mine", "tool", "m:M", "mine", "d"))
    assert "not 'module:attribute'" in _plugin_problem("mine", Family("mine", "llm", "m.M", "mine", "d"))
