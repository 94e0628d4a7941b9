"""Killability check for h06-tokenizer-sign."""


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
    got = m.tokenize("-4 - 2")
    assert got == [("num", -4), ("op", "-"), ("num", 2)], f"tokenize('-4 - 2') gave {got}"
    got = m.tokenize("7 - -3")
    assert got == [("num", 7), ("op", "-"), ("num", -3)], f"tokenize('7 - -3') gave {got}"
    got = m.tokenize("10")
    assert got == [("num", 10)], f"tokenize('10') gave {got}"
    got = m.tokenize("2*-(1)")
    assert got == [("num", 2), ("op", "*"), ("neg", "-"), ("lparen", "("), ("num", 1),
                   ("rparen", ")")], f"tokenize('2*-(1)') gave {got}"
    assert _rejects(m.tokenize, "2 $ 3"), "an unknown character was accepted"
    assert _rejects(m.tokenize, "1.2.3 + 1"), "a malformed number was accepted"


def check_disguised(m):
    got = m.duration_parts("1h-30m15")
    assert got == [3600, -1800, 15], f"duration_parts('1h-30m15') gave {got}"
    assert m.total_seconds("2h-15m10s") == 6310, f"2h-15m10s gave {m.total_seconds('2h-15m10s')}"
    assert m.total_seconds("-45s") == -45, f"-45s gave {m.total_seconds('-45s')}"
    assert m.total_seconds("90") == 90, f"a bare count gave {m.total_seconds('90')}"
    assert m.total_seconds("1d 2h") == 93600
    assert m.as_clock("-1h-30m") == "-1:30:00", f"-1h-30m formatted as {m.as_clock('-1h-30m')}"
    assert m.as_clock("1h-30m5") == "0:30:05", f"1h-30m5 formatted as {m.as_clock('1h-30m5')}"
    for bad in ("h", "1x", "1h-"):
        assert _rejects(m.duration_parts, bad), f"{bad!r} was accepted"
