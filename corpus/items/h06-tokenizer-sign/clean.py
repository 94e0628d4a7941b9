"""Regex-driven tokenizer for arithmetic expressions such as "3 * (-2 + 4.5)"."""
import re

_LEXEME = re.compile(r"(?P<number>[0-9.]+)|(?P<blank>\s+)|(?P<symbol>.)", re.DOTALL)
_SYMBOL_KINDS = {"+": "op", "-": "op", "*": "op", "/": "op", "(": "lparen", ")": "rparen"}


def _to_number(lexeme):
    """An int, or a float when the lexeme has one decimal point."""
    if lexeme.count(".") > 1:
        raise ValueError(f"malformed number {lexeme!r}")
    return int(lexeme) if "." not in lexeme else float(lexeme)


def _raw(source):
    """Numbers and symbols of source in order, with blanks skipped."""
    for match in _LEXEME.finditer(source):
        if match.lastgroup == "number":
            yield ("num", _to_number(match.group()))
        elif match.lastgroup == "symbol":
            char = match.group()
            if char not in _SYMBOL_KINDS:
                raise ValueError(f"unexpected character {char!r}")
            yield (_SYMBOL_KINDS[char], char)


def tokenize(source):
    """Split source into ("num", value), ("op", symbol), ("lparen", "(") and
    ("rparen", ")") tokens. A minus is unary at the start of the input and
    after an operator, an opening parenthesis or another unary minus; a
    unary minus is folded into the number after it or, failing that,
    emitted as ("neg", "-")."""
    raw = list(_raw(source))
    result = []
    i = 0
    while i < len(raw):
        kind, text = raw[i]
        unary = (kind, text) == ("op", "-") and (
            not result or result[-1][0] in {"op", "lparen", "neg"})
        if unary and i + 1 < len(raw) and raw[i + 1][0] == "num":
            result.append(("num", -raw[i + 1][1]))
            i += 2
            continue
        result.append(("neg", "-") if unary else (kind, text))
        i += 1
    return result
