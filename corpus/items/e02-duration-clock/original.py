"""Clock-style strings for elapsed durations, e.g. track lengths and run times."""


def format_duration(total_seconds, always_hours=True):
    """Format a duration as H:MM:SS, or M:SS for short durations when
    always_hours is false.

    Fractions of a second are rounded to the nearest second; negative
    durations get a leading minus sign.
    """
    sign = "-" if total_seconds < 0 else ""
    whole = round(abs(total_seconds))
    hours, remainder = whole // 3600, whole % 3600
    minutes = remainder % 60
    seconds = whole % 60
    if hours or always_hours:
        return f"{sign}{hours}:{minutes:02d}:{seconds:02d}"
    return f"{sign}{minutes}:{seconds:02d}"


def parse_duration(text):
    """Inverse of format_duration: "1:02:03" -> 3723, "4:05" -> 245."""
    text = text.strip()
    negative = text.startswith("-")
    try:
        parts = [int(p) for p in text.lstrip("-").split(":")]
    except ValueError:
        raise ValueError(f"not a duration: {text!r}") from None
    if not 1 <= len(parts) <= 3 or any(p < 0 for p in parts):
        raise ValueError(f"not a duration: {text!r}")
    if any(p >= 60 for p in parts[1:]):
        raise ValueError(f"minutes and seconds must be below 60: {text!r}")
    value = 0
    for part in parts:
        value = value * 60 + part
    return -value if negative else value


def total_duration(durations):
    """Sum clock strings such as the tracks of an album and format the total."""
    return format_duration(sum(parse_duration(d) for d in durations))
