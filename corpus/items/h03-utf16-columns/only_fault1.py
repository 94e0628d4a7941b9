"""Positions for a language-server client that counts in UTF-16.

The Language Server Protocol addresses text by line and character, where
the character offset counts UTF-16 code units: a character outside the
Basic Multilingual Plane (most emoji, for instance) takes two units, every
other character takes one.  Python indexes strings by code point, so
offsets are converted here in both directions.
"""
from typing import NamedTuple


class Position(NamedTuple):
    line: int
    character: int


def _outside_bmp(ch):
    """Whether ch lies beyond U+FFFF and is sent as a surrogate pair."""
    return ord(ch) > 0xFFFF


def utf16_length(text):
    """The number of UTF-16 code units needed to encode text."""
    units = 0
    for ch in text:
        if _outside_bmp(ch):
            units += 1
    return units


def to_position(text, offset):
    """The protocol position of the code point at index offset of text."""
    line_start = text.rfind("\n", 0, offset) + 1
    line = text.count("\n", 0, line_start)
    return Position(line, utf16_length(text[line_start:offset]))


def to_offset(text, position):
    """The index into text of a protocol position (clamped to its line)."""
    lines = text.split("\n")
    if not 0 <= position.line < len(lines):
        raise IndexError(f"no line {position.line}")
    offset = sum(len(line) + 1 for line in lines[:position.line])
    units = 0
    for ch in lines[position.line]:
        if units >= position.character:
            break
        units += utf16_length(ch)
        offset += 1
    return offset


def word_range(text, offset):
    """Start and end positions of the identifier around index offset."""
    start = end = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    while end < len(text) and (text[end].isalnum() or text[end] == "_"):
        end += 1
    return to_position(text, start), to_position(text, end)
