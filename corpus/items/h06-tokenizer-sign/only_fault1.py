"""Tokenizer for arithmetic expressions such as "3 * (-2 + 4.5)"."""

NEGATE = ("neg", "-")
OPERAND_FOLLOWS = ("op", "lparen", "neg")


def _literal(text):
    if text.count(".") > 1:
        raise ValueError(f"malformed number {text!r}")
    return float(text) if "." in text else int(text)


def _operand_expected(tokens):
    """True where the next token has to start an operand: at the very start
    of the input, after an operator, after "(" and after a unary minus."""
    return not tokens or tokens[-1][0] not in OPERAND_FOLLOWS


def tokenize(source):
    """Split source into ("num", value), ("op", symbol), ("lparen", "(") and
    ("rparen", ")") tokens.

    A minus where an operand is expected is unary: when a number follows it
    is folded into the number, otherwise it stays as a ("neg", "-") token.
    """
    tokens = []
    digits = ""

    def flush():
        nonlocal digits
        if not digits:
            return
        value = _literal(digits)
        if tokens and tokens[-1] == NEGATE:
            tokens[-1] = ("num", -value)
        else:
            tokens.append(("num", value))
        digits = ""

    for ch in source:
        if ch.isdigit() or ch == ".":
            digits += ch
            continue
        flush()
        if ch.isspace():
            continue
        if ch == "-" and _operand_expected(tokens):
            tokens.append(NEGATE)
        elif ch in "+-*/":
            tokens.append(("op", ch))
        elif ch == "(":
            tokens.append(("lparen", ch))
        elif ch == ")":
            tokens.append(("rparen", ch))
        else:
            raise ValueError(f"unexpected character {ch!r}")
    flush()
    return tokens
