"""Signed duration strings such as "1h30m", "-45s" or "2h-15m10".

Each component is a count followed by a unit; a bare count at the very end
is taken as seconds, and a leading minus applies to the next component only.
"""

UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
SIGN = "-"


def duration_parts(text):
    """Signed length of each component, in seconds, in input order."""
    parts = []
    pending = ""

    def close(unit):
        nonlocal pending
        if not pending:
            return
        seconds = int(pending) * UNIT_SECONDS[unit]
        if parts and parts[-1] == SIGN:
            parts[-1] = seconds
        else:
            parts.append(seconds)
        pending = ""

    for char in text.replace(" ", "").lower():
        if char.isdigit():
            pending += char
        elif char in UNIT_SECONDS:
            if not pending:
                raise ValueError(f"unit {char!r} without a count in {text!r}")
            close(char)
        elif char == SIGN and not pending:
            parts.append(SIGN)
        else:
            raise ValueError(f"unexpected {char!r} in {text!r}")
    if SIGN in parts:
        raise ValueError(f"dangling minus in {text!r}")
    return parts


def total_seconds(text):
    return sum(duration_parts(text))


def as_clock(text):
    seconds = total_seconds(text)
    sign, seconds = ("-" if seconds < 0 else ""), abs(seconds)
    return f"{sign}{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
