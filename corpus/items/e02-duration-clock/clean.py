"""Elapsed durations as clock strings and back."""

from functools import reduce


def _split(seconds):
    """Split whole seconds into (hours, minutes, seconds)."""
    mins, secs = divmod(seconds, 60)
    hrs, mins = divmod(mins, 60)
    return hrs, mins, secs


def format_duration(total_seconds, always_hours=True):
    prefix = "-" if total_seconds < 0 else ""
    hrs, mins, secs = _split(round(abs(total_seconds)))
    fields = [f"{mins:02d}", f"{secs:02d}"]
    if hrs or always_hours:
        fields.insert(0, str(hrs))
    else:
        fields[0] = str(mins)
    return prefix + ":".join(fields)


def _reject(text, reason="not a duration"):
    return ValueError(f"{reason}: {text!r}")


def parse_duration(text):
    raw = text.strip()
    body = raw[1:] if raw.startswith("-") else raw
    pieces = body.split(":")
    if not (1 <= len(pieces) <= 3 and all(p.isdigit() for p in pieces)):
        raise _reject(raw)
    numbers = list(map(int, pieces))
    if max(numbers[1:], default=0) > 59:
        raise _reject(raw, "minutes and seconds must be below 60")
    magnitude = reduce(lambda acc, n: acc * 60 + n, numbers, 0)
    return -magnitude if raw.startswith("-") else magnitude


def total_duration(durations):
    return format_duration(sum(map(parse_duration, durations)))
