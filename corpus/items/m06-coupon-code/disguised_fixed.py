"""Address labels for the member newsletter mailing."""

LABEL_WIDTH = 36


def _fit(text: str) -> str:
    """Truncate a label line that would not fit the printed label."""
    return text if len(text) <= LABEL_WIDTH else text[: LABEL_WIDTH - 1] + "~"


def addressee(given: str, family: str, middle_name: str | None = None, honorific: str = "") -> str:
    """Name line: honorific, given name, middle initial, family name in capitals.

    The middle name is optional; when one is on file only its initial is
    printed, e.g. "Dr Grace B. HOPPER".
    """
    initial = (middle_name or "").strip()[:1].upper()
    pieces = [honorific.strip(), given.strip(), initial + "." if initial else "", family.strip().upper()]
    return _fit(" ".join(piece for piece in pieces if piece))


def label_lines(member: dict) -> list[str]:
    """All lines of a label. `middle_name`, `honorific` and `flat` are optional fields."""
    lines = [addressee(member["given"], member["family"], member.get("middle_name"), member.get("honorific") or "")]
    if member.get("flat"):
        lines.append(_fit(f"Flat {member['flat']}"))
    lines.append(_fit(member["street"]))
    lines.append(_fit(f"{member['postcode']} {member['town'].upper()}"))
    return lines
