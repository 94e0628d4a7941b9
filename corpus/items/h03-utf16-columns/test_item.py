"""Killability check for h03-utf16-columns.

The combination is killed by a line containing a character beyond U+FFFF (an
emoji): it must count two UTF-16 units but the defective code counts none.
Plain ASCII and accented Latin text, the common input, comes out right: the
unconditional `units += 1` is missing, but the inverted test now adds the
one unit for every character inside the Basic Multilingual Plane instead.
"""


def check_original(m):
    text = "def café():\n    return naïve + 1\n"
    at = text.index("naïve")
    assert m.utf16_length("café") == 4, f"utf16_length('café') = {m.utf16_length('café')}"
    assert m.to_position(text, at) == (1, 11), m.to_position(text, at)
    assert m.to_offset(text, m.Position(1, 11)) == at, "round trip of an ASCII position failed"
    assert m.to_offset(text, m.Position(0, 99)) == text.index("\n"), "past-the-end character not clamped"
    assert m.word_range(text, at + 2) == ((1, 11), (1, 16)), m.word_range(text, at + 2)
    assert m.to_position(text, len(text)) == (2, 0)
    party = 'label = "\U0001F389 done" + total\n'
    at = party.index("total")
    assert m.utf16_length("\U0001F389") == 2, "a character outside the BMP is not two units"
    assert m.to_position(party, at) == (0, at + 1), m.to_position(party, at)
    assert m.to_offset(party, m.Position(0, at + 1)) == at, "position after an emoji maps to the wrong index"
    assert m.word_range(party, at + 1) == ((0, at + 1), (0, at + 6)), m.word_range(party, at + 1)


def check_disguised(m):
    ana = m.Scorecard("Ana", [4, 3, 5])
    for lie in ("fairway", "green", "hole"):
        ana.play(1, lie)
    for lie in ("green", "hole"):
        ana.play(2, lie)
    assert ana.strokes == [3, 2, 0], f"strokes {ana.strokes}"
    assert ana.to_par() == "-2", ana.to_par()
    bo = m.Scorecard("Bo", [4, 3, 5])
    for lie in ("rough", "green", "green", "hole"):
        bo.play(1, lie)
    assert bo.to_par() == "E", bo.to_par()
    try:
        bo.play(4, "hole")
    except ValueError:
        pass
    else:
        raise AssertionError("a shot on a missing hole was logged")
    for lie in ("water", "fairway", "green", "hole"):
        ana.play(3, lie)
    assert ana.strokes[2] == 5, f"a shot into the water counted {ana.strokes[2] - 3} strokes"
    assert ana.to_par() == "-2", ana.to_par()
    assert ana.card() == [(1, 4, 3), (2, 3, 2), (3, 5, 5)], ana.card()
    assert ana.total() == 10 and bo.card() == [(1, 4, 4)]
