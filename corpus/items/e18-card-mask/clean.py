"""Card number formatting that never reveals more than the final four digits."""

BRAND_PREFIXES = (
    ("34", "Amex"),
    ("37", "Amex"),
    ("4", "Visa"),
    ("51", "Mastercard"),
    ("52", "Mastercard"),
    ("53", "Mastercard"),
    ("54", "Mastercard"),
    ("55", "Mastercard"),
    ("6011", "Discover"),
)


def normalize(card_number):
    """Digits of the card number without spaces or dashes (12 to 19 of them)."""
    kept = "".join(ch for ch in card_number if ch not in " \t\n-")
    if len(kept) < 12 or len(kept) > 19 or not kept.isdigit():
        raise ValueError("not a card number")
    return kept


def brand(card_number):
    digits = normalize(card_number)
    matches = [name for prefix, name in BRAND_PREFIXES if digits.startswith(prefix)]
    return matches[0] if matches else "Card"


def _chunks(text, size):
    while text:
        yield text[:size]
        text = text[size:]


def mask(card_number, mask_char="*", group=4):
    """Replace every digit except the final four with mask_char, then group the result."""
    digits = normalize(card_number)
    cut = len(digits) - 4
    shown = [mask_char if pos < cut else d for pos, d in enumerate(digits)]
    return " ".join(_chunks("".join(shown), group))


def receipt_label(card_number):
    return " ".join((brand(card_number), mask(card_number)))
