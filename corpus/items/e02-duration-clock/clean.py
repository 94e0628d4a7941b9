"""Elapsed durations, such as song lengths or race times, as clock strings and back."""

from functools import reduce


def _split(seconds):
    """Split whole seconds into (hours, minutes, seconds)."""
    mins, secs = divmod(seconds, 60)
    hrs, mins = divmod(mins, 60)
    return hrs, mins, secs


def format_duration(total_seconds, always_hours=True):
    """Clock string H:MM:SS, or M:SS below an hour when `always_hours` is false.

    Rounds to the nearest whole second; a negative duration starts with "-".
    """
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
    """Signed seconds in a clock string such as "1:02:03" or "-4:05"; ValueError if malformed."""
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
    """Add up clock strings, e.g. the tracks of an album, and format the sum."""
    return format_duration(sum(map(parse_duration, durations)))
