"""Currency conversion for invoices based on fixed reference rates against the dollar."""

from decimal import ROUND_HALF_EVEN, Decimal

_TABLE = {
    "USD": "1",
    "EUR": "1.0850",
    "GBP": "1.2675",
    "JPY": "0.006710",
    "CHF": "1.1320",
}
USD_PER_UNIT = {code: Decimal(value) for code, value in _TABLE.items()}
MINOR_UNITS = {"JPY": 0}


class UnknownCurrency(KeyError):
    """A currency code that has no reference rate."""


def _lookup(currency):
    key = currency.upper()
    if key not in USD_PER_UNIT:
        raise UnknownCurrency(currency)
    return key, USD_PER_UNIT[key]


def quantize(amount, currency):
    """Round to the currency's smallest unit with half-even rounding."""
    digits = MINOR_UNITS.get(currency.upper(), 2)
    step = Decimal("1") if digits == 0 else Decimal("0." + "0" * (digits - 1) + "1")
    return amount.quantize(step, rounding=ROUND_HALF_EVEN)


def convert(amount, source, target):
    """Express an amount of the source currency in the target currency."""
    src_key, src_usd = _lookup(source)
    dst_key, dst_usd = _lookup(target)
    value = Decimal(amount)
    if src_key != dst_key:
        dollars = src_usd * value
        value = dollars / dst_usd
    return quantize(value, dst_key)


def convert_lines(lines, target):
    """Return every converted invoice line and the grand total in the target currency."""
    amounts = []
    total = Decimal(0)
    for value, currency in lines:
        converted = convert(value, currency, target)
        amounts.append(converted)
        total += converted
    return amounts, total
