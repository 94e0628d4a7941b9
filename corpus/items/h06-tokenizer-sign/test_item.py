"""Killability check for h06-tokenizer-sign.

Killing input: an expression that starts with a minus, e.g. "-4 - 2". The
operand test is reversed (`not in`) and its only caller negates it, so the two
cancel wherever a token precedes the minus ("3 * (-2 + 4.5)", "7 - -3",
"2*-(1)"); with no token before it, the `not tokens` guard is the one part
the negation does not undo, and a leading minus comes out as a binary
operator. The disguise loses the divider above the first message of a chat
transcript in the same way; later day changes still get theirs.
"""
from datetime import datetime


def _rejects(fn, text):
    try:
        fn(text)
    except ValueError:
        return True
    return False


def check_original(m):
    got = m.tokenize("3 * (-2 + 4.5)")
    want = [("num", 3), ("op", "*"), ("lparen", "("), ("num", -2), ("op", "+"),
            ("num", 4.5), ("rparen", ")")]
    assert got == want, f"tokenize('3 * (-2 + 4.5)') gave {got}"
    got = m.tokenize("7 - -3")
    assert got == [("num", 7), ("op", "-"), ("num", -3)], f"tokenize('7 - -3') gave {got}"
    got = m.tokenize("8-3")
    assert got == [("num", 8), ("op", "-"), ("num", 3)], f"tokenize('8-3') gave {got}"
    got = m.tokenize("2*-(1)")
    assert got == [("num", 2), ("op", "*"), ("neg", "-"), ("lparen", "("), ("num", 1),
                   ("rparen", ")")], f"tokenize('2*-(1)') gave {got}"
    got = m.tokenize("10")
    assert got == [("num", 10)], f"tokenize('10') gave {got}"
    assert _rejects(m.tokenize, "2 $ 3"), "an unknown character was accepted"
    assert _rejects(m.tokenize, "1.2.3 + 1"), "a malformed number was accepted"
    got = m.tokenize("-4 - 2")
    assert got == [("num", -4), ("op", "-"), ("num", 2)], f"tokenize('-4 - 2') gave {got}"


def check_disguised(m):
    def msg(day, hour, minute, sender, text):
        return m.Message(datetime(2024, 6, day, hour, minute), sender, text)

    chat = [msg(3, 9, 0, "ana", "morning"), msg(3, 9, 2, "ana", "coffee?"),
            msg(3, 9, 30, "ben", "sure"), msg(4, 8, 15, "ben", "late today"),
            msg(4, 8, 16, "ana", "ok")]
    got = m.render(chat)
    want = ["----- Mon 03 Jun 2024 -----", "09:00 ana: morning", "09:02    : coffee?",
            "09:30 ben: sure", "----- Tue 04 Jun 2024 -----", "08:15 ben: late today",
            "08:16 ana: ok"]
    assert got == want, f"render gave {got}"
    assert m.render([]) == []
    assert m.render(list(reversed(chat))) == want, "messages were not put in sending order"
