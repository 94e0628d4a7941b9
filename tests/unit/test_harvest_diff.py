"""harvest/diff.py: which lines of P a fix plants, and when a change is a feature rather than a fix."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.gate.integrity import lines_within_diff
from redpen_bench.harvest.diff import functions, planted

P = "def f(x):\n    y = x + 1\n    return y\n\n\ndef g(x):\n    # scale\n    return x * 2\n"


def test_a_changed_line_is_planted():
    found = planted(P, P.replace("x + 1", "x - 1"))
    assert found.lines == (2,) and found.functions == ("f",) and not found.inserted_only


def test_a_pure_insertion_plants_the_line_below_with_the_one_above_as_its_site():
    found = planted(P, P.replace("    return y\n", "    y = max(y, 0)\n    return y\n"))
    assert found.lines == (3,) and found.sites == {3: (2,)} and found.inserted_only


def test_a_new_function_after_the_last_one_is_a_feature():
    assert planted(P, P + "\n\ndef h(x):\n    return x\n") is None


def test_a_changed_comment_plants_nothing():
    assert planted(P, P.replace("# scale", "# double it")) is None


def test_a_changed_module_level_line_is_no_fix():
    assert planted("LIMIT = 3\n" + P, "LIMIT = 4\n" + P) is None


def test_a_renamed_function_is_a_feature():
    assert planted(P, P.replace("def g(x)", "def g2(x)")) is None


@st.composite
def modules(draw):
    """A module of functions of simple statements, and the same module with some body lines changed, deleted or
    inserted (at the body's depth)."""
    n = draw(st.integers(1, 4))
    lines = []
    for i in range(n):
        lines.append(f"def f{i}(x):")
        body = draw(st.integers(1, 4))
        lines += [f"    v{j} = x + {draw(st.integers(0, 9))}" for j in range(body)]
        lines += ["    return x", "", ""]
    before = "\n".join(lines) + "\n"
    after = list(lines)
    for index in sorted(draw(st.sets(st.integers(0, len(lines) - 1), max_size=3)), reverse=True):
        if not after[index].startswith("    v"):
            continue
        action = draw(st.sampled_from(["change", "delete", "insert"]))
        if action == "change":
            after[index] = after[index] + " + 1"
        elif action == "delete":
            del after[index]
        else:
            after.insert(index, "    w = x")
    return before, "\n".join(after) + "\n"


@settings(max_examples=200, deadline=None)
@given(modules())
def test_planted_lines_lie_in_the_diff_inside_a_function(pair):
    before, after = pair
    found = planted(before, after)
    if before == after:
        assert found is None
        return
    assert found is not None  # every change is inside a function body
    spans = functions(before).values()
    old = before.splitlines()
    assert set(found.lines) <= lines_within_diff(old, after.splitlines())
    for line in found.lines:
        assert any(a <= line <= b for a, b in spans)
        assert old[line - 1].strip()
