"""Mutation operators: positions, formatting, static filters, determinism, higher-order pairs, keywords."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from redpen_bench.generate.mechanisms import keyword_groups, mechanism_group, title
from redpen_bench.generate.mutation_operators import VOCABULARY, sdl
from redpen_bench.generate.operators import OPERATORS, Mutant, combine, scan

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted((ROOT / "corpus" / "items").glob("*/fixed.py"))
_BLANK = re.compile(r"\s*(#.*)?$")

FIXTURE = '''"""Fees."""

import logging

logger = logging.getLogger(__name__)
__all__ = ["fee"]


def fee(total, count, items):
    """Fee for a basket."""
    # a comment that must survive
    share = total / count  # trailing comment

    if count < 3 and total > 0:
        share = share - 1
    logger.info("fee %s", total + 1)
    print(count * 2)
    assert count, f"bad {count - 1}"
    try:
        head = items[1:count]
    except IndexError:
        count = 0
        raise ValueError("short")
    return share if head else -share


def is_big(x: int = 5) -> bool:
    return x >= 10


if __name__ == "__main__":
    print(fee(1, 2, [3]))
'''


def _first_change(a: str, b: str) -> int:
    ops = difflib.SequenceMatcher(None, a.splitlines(), b.splitlines(), autojunk=False).get_opcodes()
    return next(op for op in ops if op[0] != "equal")[1] + 1


def _check_lines(source: str, mutant: Mutant) -> None:
    before, after = source.splitlines(), mutant.source.splitlines()
    assert all(1 <= n <= len(after) and after[n - 1].strip() for n in mutant.lines), mutant
    if mutant.removed:
        first = mutant.removed[0]
        assert _first_change(source, mutant.source) == first, mutant.key
        assert after == before[: first - 1] + before[mutant.removed[-1]:]
        planted = mutant.lines[0]
        if planted >= first:    # the next line of code below the insertion point
            assert all(_BLANK.match(line) for line in after[first - 1: planted - 1])
            assert mutant.sites[planted] and min(mutant.sites[planted]) < first
        else:                   # nothing of the function follows: the line of code above
            assert all(_BLANK.match(line) for line in after[planted: first - 1])
    else:
        assert _first_change(source, mutant.source) == min(mutant.lines), mutant.key


def _by(mutants, operator, mechanism=None):
    return [m for m in mutants if m.operator == operator and (mechanism is None or m.mechanism == mechanism)]


@pytest.fixture(scope="module")
def fixture_scan():
    return scan(FIXTURE, include_obvious=True)


@pytest.fixture(scope="module")
def corpus_scans():
    return [(path.read_text(), scan(path.read_text(), include_obvious=True)) for path in CORPUS]


def test_every_operator_fires_on_the_fixture_with_exact_positions(fixture_scan):
    assert set(OPERATORS) == {m.operator for m in fixture_scan.mutants}
    for mutant in fixture_scan.mutants:
        _check_lines(FIXTURE, mutant)
        # formatting kept: comments and blank lines survive every mutant but a deletion of their own line
        assert "# a comment that must survive" in mutant.source
        assert mutant.source.count("\n\n") >= FIXTURE.count("\n\n") - 1


@pytest.mark.parametrize(("operator", "mechanism", "line", "before", "after"), [
    ("AOR", "/->//", 12, "total / count", "total // count"),
    ("ROR", "<-><=", 14, "count < 3", "count <= 3"),
    ("LCR", "and->or", 14, "count < 3 and total > 0", "count < 3 or total > 0"),
    ("UOI", "drop minus", 24, "-share", "share"),
    ("CRP", "+1", 14, "3", "4"),
    ("SIR", "drop start", 20, "1:count", ":count"),
    ("EXS", "swallow", 22, 'count = 0\nraise ValueError("short")', "pass"),
    ("COD", "if False", 14, "count < 3 and total > 0", "False"),
    ("COI", "invert", 14, "count < 3 and total > 0", "not (count < 3 and total > 0)"),
    ("OSW", "swap", 15, "share - 1", "1 - share"),
    ("RVR", "->not", 28, "x >= 10", "not x >= 10"),
])
def test_operator_examples(fixture_scan, operator, mechanism, line, before, after):
    found = [m for m in _by(fixture_scan.mutants, operator, mechanism) if m.lines == (line,) and m.original == before]
    assert found, [(m.mechanism, m.lines, m.original) for m in _by(fixture_scan.mutants, operator)]
    mutant = found[0]
    assert mutant.mutated == after
    if "\n" not in before:
        assert mutant.source.splitlines()[line - 1] == FIXTURE.splitlines()[line - 1].replace(before, after, 1)
    assert f"Line {line}:" in mutant.description
    assert mutant.scope == "fee" or mutant.scope == "is_big"


def test_deletion_lines_and_sites(fixture_scan):
    share = next(m for m in _by(fixture_scan.mutants, "SDL") if m.original == "share = share - 1")
    # the only statement of the `if` body: replaced by `pass`, a replacement on its own line
    assert share.mutated == "pass" and share.lines == (15,) and not share.removed
    first = next(m for m in _by(fixture_scan.mutants, "SDL") if m.original.startswith("share = total / count"))
    assert first.removed == (12,) and first.lines == (13,)     # `if` now at 13: the blank line 13 skipped
    # the comment line above is not code; `share` is next read on line 14 (where its absence shows)
    assert first.sites == {13: (10, 14)}
    assert first.mutated == "" and "deleted just above" in first.description


def test_deletion_at_the_end_of_a_function_points_above():
    source = "def f(x):\n    x += 1\n    x *= 2\n\n\ndef g():\n    return 1\n"
    mutants = _by(scan(source, ["SDL"]).mutants, "SDL")
    last = next(m for m in mutants if m.original == "x *= 2")
    assert last.lines == (2,) and last.sites == {} and "just below" in last.description
    _check_lines(source, last)


def test_arid_sites_are_counted_not_generated(fixture_scan):
    texts = {(m.operator, m.original) for m in fixture_scan.mutants}
    assert ("AOR", "total + 1") not in texts           # logger.info argument
    assert ("AOR", "count * 2") not in texts           # print argument
    assert ("AOR", "count - 1") not in texts           # assert message
    assert not any(m.lines and m.lines[0] >= 31 for m in fixture_scan.mutants)   # __main__ guard
    assert not any(m.original == '"""Fee for a basket."""' for m in fixture_scan.mutants)   # docstring
    assert ("CRP", "5") in texts and ("CRP", "10") in texts        # a default is live, its annotation is not
    assert fixture_scan.counts["SDL"]["arid"] >= 3     # docstring, logger call, print call
    assert fixture_scan.counts["CRP"]["arid"] >= 1     # the constants of the assert message
    decorated = "import functools\n\n\n@functools.lru_cache(maxsize=128)\ndef f(a):\n    return a - 1\n"
    result = scan(decorated, ["CRP"], include_obvious=True)
    assert [m.original for m in result.mutants] == ["1", "1"] and result.counts["CRP"]["arid"] == 2
    annotated = "from typing import Literal\n\n\ndef f(a: Literal[3]) -> Literal[4]:\n    return a\n"
    assert scan(annotated, ["CRP"]).counts["CRP"] == {"generated": 0, "uncompilable": 0, "equivalent": 0,
                                                      "duplicate": 0, "arid": 4, "obvious": 0,
                                                      "kept": 0}


def test_obvious_mutants_dropped_by_default_and_counted(corpus_scans):
    """The default scan keeps what a reader cannot see from the planted line alone: the rest are counted as
    obvious, per operator (before the compile and duplicate checks), and `include_obvious` keeps them, marked
    with the rule's reason; a mutant's key is the same either way."""
    for source, every in corpus_scans[:6]:
        default = scan(source)
        marked = [m for m in every.mutants if m.obvious]
        kept = [m for m in default.mutants]
        assert not any(m.obvious for m in kept)
        assert [m for m in kept if m in every.mutants] == [m for m in every.mutants if not m.obvious]
        for op, tally in default.counts.items():  # obvious sites are counted before the compile checks
            assert tally["obvious"] >= sum(1 for m in marked if m.operator == op)
    reasons = {m.obvious for _, result in corpus_scans for m in result.mutants}
    assert {"constant condition", "handler reduced to pass", "stub return", "domain constant"} <= reasons


def test_equivalent_mutants_dropped():
    source = "def f(a, b):\n    c = a + 0\n    return c * b\n"
    result = scan(source, ["AOR"])
    assert not any(m.mutated == "a - 0" for m in result.mutants)     # `a + 0` -> `a - 0` is the same number
    assert result.counts["AOR"]["equivalent"] == 1 and any(m.mutated == "c / b" for m in result.mutants)
    source = "def f(a):\n    b = a ** 1\n    return b\n"
    assert scan(source, ["AOR"]).counts["AOR"]["equivalent"] == 1     # `a ** 1` -> `a * 1`
    source = "def f(xs):\n    total = 0\n    for x in xs:\n        total += x\n        continue\n    return total\n"
    counts = scan(source, ["SDL"]).counts["SDL"]
    assert counts["equivalent"] == 1        # deleting the trailing `continue` compiles to the same code


def test_duplicates_dropped():
    # `not x is None` (UOI) is `x is not None` (ROR) once compiled; COI of `if not a` equals dropping `not`
    source = "def f(x, a):\n    if not a:\n        return x is None and a\n    return 1\n"
    result = scan(source)
    assert result.counts["UOI"]["duplicate"] >= 1 and result.counts["COI"]["duplicate"] >= 1
    assert len({m.source for m in result.mutants}) == len(result.mutants)


def test_scan_is_deterministic_and_sampling_is_stable(corpus_scans):
    source, first = corpus_scans[0]
    again = scan(source, include_obvious=True)
    assert first.mutants == again.mutants and first.counts == again.counts
    assert len({m.key for m in first.mutants}) == len(first.mutants)
    sampled = scan(source, max_per_function=3, seed=7, include_obvious=True)
    assert sampled.mutants == scan(source, max_per_function=3, seed=7, include_obvious=True).mutants
    keys = [m.key for m in first.mutants]
    assert [m.key for m in sampled.mutants] == [k for k in keys if k in {m.key for m in sampled.mutants}]
    per_function: dict[str, int] = {}
    for mutant in sampled.mutants:
        per_function[mutant.function] = per_function.get(mutant.function, 0) + 1
    assert max(per_function.values()) <= 3
    only = scan(source, ["ROR"], include_obvious=True)
    assert only.mutants == [m for m in first.mutants if m.operator == "ROR"] and set(only.counts) == {"ROR"}
    with pytest.raises(ValueError):
        scan(source, ["XYZ"])


def test_every_corpus_mutant_is_planted_where_difflib_sees_it(corpus_scans):
    assert len(corpus_scans) == 44
    for source, result in corpus_scans:
        for mutant in result.mutants:
            _check_lines(source, mutant)
            assert mutant.source != source
            compile(mutant.source, "<mutant>", "exec")


def test_every_mechanism_has_keywords_and_a_title(corpus_scans, fixture_scan):
    mutants = fixture_scan.mutants + [m for _, result in corpus_scans for m in result.mutants]
    mechanisms = {m.mechanism for m in mutants}
    assert mechanisms <= set(VOCABULARY)
    for mechanism in mechanisms:
        mutant = next(m for m in mutants if m.mechanism == mechanism)
        groups = keyword_groups(mutant, mutant.original)
        assert groups[0] and all(phrase.strip() for phrase in groups[0])
        assert title(mutant).startswith(mutant.operator + ": ")
    mutant = next(m for m in fixture_scan.mutants if m.mechanism == "/->//")
    # the subject: the statement's words (bug-report words such as `count` and `total` only when nothing more
    # specific is there), then the function's
    groups = keyword_groups(mutant, "share = total / count  # x")
    # named twice: it weighs twice the mechanism's words, which every item of the operator family shares
    assert groups[1] == groups[2] == ["share", "fee"] and len(groups) == 3
    assert title(mutant) == "AOR: / became // in fee"


def test_a_deletion_is_described_in_the_words_of_what_the_statement_did():
    """Issue 32.5: two deletions of different kinds share fewer words. A deleted binding leaves a name unbound, a
    deleted return falls off the end, a deleted call is "never <its verb>"; "no longer" alone, which any
    explanation of any change says, is none of them."""
    binding, returned, called = sdl.phrases("start_pos = pos"), sdl.phrases("return calls"), \
        sdl.phrases("self.withdraw(amount, reference)")
    assert "nameerror" in binding and "nameerror" not in returned and "nameerror" not in called
    assert "nameerror" in sdl.phrases("day, _, clock = stamp.partition('T')")
    assert "nameerror" not in sdl.phrases("self.max_attempts = max_attempts")  # an attribute: AttributeError
    assert "falls off the end" in returned and "falls off the end" not in binding
    assert "never withdraw" in called and "without withdraw" in called and "never withdraw" not in binding
    assert not {"no longer", "ignor", "fails to"} & {*binding, *returned, *called}
    assert {"no longer", "nameerror", "falls off the end"} <= set(VOCABULARY["delete"])  # harvest's: kind unknown
    assert "never float" not in sdl.phrases("value = float(value)")  # a builtin names no action
    source = "def f(xs):\n    calls = [x for x in xs]\n    return calls\n"
    deletion = next(m for m in scan(source, ["SDL"]).mutants if m.original.strip() == "return calls")
    assert "return calls" in mechanism_group(deletion)  # quoted as a reviewer quotes it


def test_an_off_by_one_bound_is_quoted_as_the_value_it_now_refuses():
    source = "def make(capacity):\n    if capacity < 1:\n        raise ValueError(capacity)\n    return capacity\n"
    mutant = next(m for m in scan(source, ["CRP"]).mutants if m.mutated == "2")
    assert {"capacity=1", "capacity == 1", "capacity=2", "< 1"} <= set(mechanism_group(mutant, "    if capacity < 2:"))


def test_combine_applies_both_parts(fixture_scan):
    division = next(m for m in fixture_scan.mutants if m.mechanism == "/->//")
    deletion = next(m for m in _by(fixture_scan.mutants, "SDL") if m.original.startswith("share = total"))
    boundary = next(m for m in fixture_scan.mutants if m.mechanism == "<-><=")
    sign = next(m for m in fixture_scan.mutants if m.mechanism == "drop minus")
    hom = combine(FIXTURE, sign, deletion)
    assert hom is not None and hom.operator == "HOM" and hom.parts == (sign, deletion)
    assert "share = total" not in hom.source and "else share" in hom.source
    # the deletion shifted the return up a line: both parts' lines in the combined module's numbering
    assert hom.lines == (13, 23) and hom.sites == {13: (10, 14)}
    assert hom.source.splitlines()[22].strip() == "return share if head else share"
    assert combine(FIXTURE, boundary, deletion) is None          # the deletion is planted on the `if` line
    assert combine(FIXTURE, division, deletion) is None          # the same line
    assert combine(FIXTURE, division, division) is None
    ror = next(m for m in _by(fixture_scan.mutants, "ROR") if m.function == "is_big")
    assert combine(FIXTURE, ror, boundary) is None               # different functions
    crp = next(m for m in _by(fixture_scan.mutants, "CRP", "+1") if m.lines == (15,))
    pair = combine(FIXTURE, boundary, crp)
    assert pair is not None and pair.lines == (14, 15)
    assert "count <= 3" in pair.source and "share - 2" in pair.source
    groups = keyword_groups(pair, "share = share - 1")
    assert groups[0] == mechanism_group(boundary, "share = share - 1")
    assert groups[1] == mechanism_group(crp, "share = share - 1") and groups[2][0] == "share"
    assert title(pair).startswith("HOM: < became <= and constant +1")
    # equivalent to the source: a ** 1 -> a * 1 is filtered, so build a pair that cancels out instead
    source = "def f(a, b):\n    return (a - b) - (b - a)\n"
    minus = [m for m in scan(source, ["AOR"]).mutants]
    assert all(combine(source, x, y) is None for x in minus for y in minus)   # all on one line


MULTILINE = '''def f(a, b, items):
    total = (a +
             b)
    if (a <
            b):
        total -= 1
    try:
        head = items[1:
                     2]
    except IndexError:
        total = 0
        raise ValueError(
            "x")
    value = total * 2
    return (total +
            value)
'''


def _texts(module: str, lines) -> list[str]:
    text = module.splitlines()
    return sorted(text[n - 1] for n in lines)


def test_combined_lines_follow_edits_that_change_the_line_count():
    # multi-line statements deleted (the line count drops) before and after other mutants: every planted line of
    # the pair is the line its part planted, moved to the combined module's numbering
    mutants = scan(MULTILINE).mutants
    pairs = [hom for a in mutants for b in mutants if (hom := combine(MULTILINE, a, b)) is not None]
    assert any(len(p.parts[0].source.splitlines()) != len(MULTILINE.splitlines()) for p in pairs)
    for hom in pairs:
        first, second = hom.parts
        assert _texts(hom.source, hom.lines) == sorted(
            _texts(first.source, first.lines) + _texts(second.source, second.lines)), hom.key


def test_combined_lines_after_an_edit_that_adds_lines():
    # an edit that rewrites one line as two: the second is its own line, not shifted by the line it added
    source = "def f(a, b):\n    x = a + b\n    y = a * b\n    return x - y\n"
    start, end = source.index("x = a + b"), source.index("x = a + b") + len("x = a + b")
    text = "x = a\n    x -= b"
    split = Mutant("X-f-1", "AOR", "f", "f", (2, 3), {}, "x = a + b", text, "+->-", "", source[:start] + text
                   + source[end:], edit=(start, end, text), source_lines=(2,))
    minus = next(m for m in scan(source, ["AOR"]).mutants if m.mechanism == "-->+")
    assert minus.lines == (4,)
    hom = combine(source, split, minus)
    assert hom is not None and hom.lines == (2, 3, 5)
    assert hom.source.splitlines()[4] == "    return x + y"


def _insertion_lines(defective: str, repaired: str) -> set[int]:
    """The gate's integrity rule for a pure insertion: the lines directly above and below it."""
    ops = difflib.SequenceMatcher(None, defective.splitlines(), repaired.splitlines(), autojunk=False).get_opcodes()
    return {n for tag, i1, *_ in ops if tag == "insert" for n in (i1, i1 + 1)}


def test_deletion_before_a_comment_is_planted_on_the_code_directly_above():
    source = ("def f(pool):\n    pool.n += 1\n    pool.release()\n    # slow, so outside the lock\n"
              "    return pool.open()\n")
    deletion = next(m for m in scan(source, ["SDL"]).mutants if m.original == "pool.release()")
    assert deletion.lines == (2,) and deletion.sites == {2: (4,)} and "just below" in deletion.description
    assert set(deletion.lines) <= _insertion_lines(deletion.source, source)
    _check_lines(source, deletion)


def test_deletion_between_blank_or_comment_lines_is_outside_the_insertion_lines(fixture_scan):
    # reachable: mutate drops such an item (counted as bad_lines) rather than write a planted line the gate refuses
    first = next(m for m in _by(fixture_scan.mutants, "SDL") if m.original.startswith("share = total / count"))
    assert not set(first.lines) <= _insertion_lines(first.source, FIXTURE)


ISSUE_32_SHAPES = '''
class Serializer:
    def __init__(self, signer_kwargs=None):
        self.signer_kwargs = signer_kwargs or {}

    def validate(self, value):
        """Whether value carries a good signature."""
        try:
            self.unsign(value)
            return True
        except ValueError:
            return False

    def unsign(self, value):
        """Check the signature."""
        self.check(value)

    def check(self, value):
        """Raise on a bad value."""
        if not value:
            raise ValueError(value)
        self.seen = value
'''


def test_mutants_that_give_themselves_away_are_obvious():
    """Issue 32's three shapes from real projects: `not` put before a literal, a function left with only its
    docstring, a `try` body reduced to a constant return; dropped by default, kept and marked on request."""
    every = scan(ISSUE_32_SHAPES, include_obvious=True).mutants
    reasons = {(m.operator, m.original, m.mutated): m.obvious for m in every}
    assert reasons[("UOI", "{}", "not {}")] == "not on a literal"
    assert reasons[("SDL", "self.check(value)", "")] == "function left with only its docstring"
    assert reasons[("SDL", "self.unsign(value)", "")] == "try body reduced to a constant return"
    # neighbours of the same shapes that a reader must work out stay in the default corpus
    assert reasons[("UOI", "signer_kwargs", "not signer_kwargs")] == ""
    assert reasons[("SDL", "self.seen = value", "")] == ""
    default = scan(ISSUE_32_SHAPES).mutants
    assert not any(m.obvious for m in default) and len(default) == sum(1 for m in every if not m.obvious)
    assert scan(ISSUE_32_SHAPES).counts["SDL"]["obvious"] >= 2
