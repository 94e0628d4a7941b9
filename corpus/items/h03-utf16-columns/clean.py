"""Conversion between Python string indices and Language Server positions.

A protocol position is a zero-based line number plus a character offset
measured in UTF-16 code units.  Characters above U+FFFF, such as most emoji,
are encoded as a surrogate pair and so occupy two units; all others occupy
one.  Python strings are indexed by code point, hence the helpers below
translate positions in both directions.
"""
from typing import NamedTuple


class Position(NamedTuple):
    line: int
    character: int


def utf16_length(text):
    """How many UTF-16 code units encode text."""
    return len(text.encode("utf-16-le")) // 2


def to_position(text, offset):
    """Position of the code point found at index offset in text."""
    before = text[:offset]
    line = before.count("\n")
    column_text = before.split("\n")[-1]
    return Position(line, utf16_length(column_text))


def to_offset(text, position):
    """Index in text for a position; characters past the end of the line clamp to it."""
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    if position.line < 0 or position.line >= len(starts):
        raise IndexError(f"no line {position.line}")
    index = starts[position.line]
    stop = len(text) if position.line + 1 == len(starts) else starts[position.line + 1] - 1
    budget = position.character
    while index < stop and budget > 0:
        budget -= utf16_length(text[index])
        index += 1
    return index


def _is_word(ch):
    return ch == "_" or ch.isalnum()


def word_range(text, offset):
    """Start and end positions of the identifier that surrounds index offset."""
    left = offset
    while left and _is_word(text[left - 1]):
        left -= 1
    right = offset
    while right < len(text) and _is_word(text[right]):
        right += 1
    return to_position(text, left), to_position(text, right)
