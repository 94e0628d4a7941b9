"""Display helpers for payment card numbers on receipts and in support tools."""

import re

_SEPARATORS = re.compile(r"[\s-]")

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
    """Strip spaces and dashes; reject anything that is not 12-19 digits."""
    digits = _SEPARATORS.sub("", card_number)
    if not digits.isdigit() or not 12 <= len(digits) <= 19:
        raise ValueError("not a card number")
    return digits


def brand(card_number):
    digits = normalize(card_number)
    for prefix, name in BRAND_PREFIXES:
        if digits.startswith(prefix):
            return name
    return "Card"


def mask(card_number, mask_char="*", group=4):
    """Hide all but the last four digits, grouped for readability."""
    digits = normalize(card_number)
    visible = digits[4:]
    hidden = mask_char * (len(digits) - len(visible))
    masked = hidden + visible
    return " ".join(masked[i:i + group] for i in range(0, len(masked), group))


def receipt_label(card_number):
    return f"{brand(card_number)} {mask(card_number)}"
