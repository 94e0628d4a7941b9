"""harvest/mechanism.py and items.operator_of: the mutation operator a fix undoes, named from the correct code
(F) to the defect (P) as a mutant's mechanism is."""

from __future__ import annotations

from redpen_bench.harvest.diff import planted
from redpen_bench.harvest.items import keyword_groups, operator_of
from redpen_bench.harvest.mechanism import match

P = "def page(rows, n):\n    if n > len(rows):\n        return []\n    return rows[n:]\n"


def test_one_token_changes_map_to_their_operator():
    assert match("    if x > hi:", "    if x >= hi:") == ("ROR", ">=->>")
    assert match("return a + b", "return a - b") == ("AOR", "-->+")
    assert match("if a and b:", "if a or b:") == ("LCR", "or->and")
    assert match("n = 3", "n = 4") == ("CRP", "-1")
    assert match("if not ok:", "if ok:")[1] == "insert not"


def test_other_changes_match_nothing():
    assert match("x = f(y)", "x = g(y)") is None
    assert match("return lo", "return hi") is None
    assert match("a = b + c", "a = b - d") is None  # two tokens


def test_a_fix_item_takes_the_operator_and_its_vocabulary():
    fixed = P.replace("n > len", "n >= len")
    found = planted(P, fixed)
    assert operator_of(P, fixed, found) == ("ROR", ">=->>")
    groups = keyword_groups(P, fixed, found, "page")
    assert "greater than" in groups[0] and groups[-1][0] == "page"


def test_a_missing_statement_is_sdl():
    fixed = P.replace("    return rows[n:]\n", "    rows = list(rows)\n    return rows[n:]\n")
    assert operator_of(P, fixed, planted(P, fixed)) == ("SDL", "delete")
