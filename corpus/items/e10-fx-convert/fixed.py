"""Convert invoice amounts between currencies using a table of reference rates."""

from decimal import ROUND_HALF_EVEN, Decimal

# US dollars bought by one unit of each currency.
USD_PER_UNIT = {
    "USD": Decimal("1"),
    "EUR": Decimal("1.0850"),
    "GBP": Decimal("1.2675"),
    "JPY": Decimal("0.006710"),
    "CHF": Decimal("1.1320"),
}

# Currencies whose minor unit is not the cent.
MINOR_UNITS = {"JPY": 0}


class UnknownCurrency(KeyError):
    """Raised for a currency code missing from the rate table."""


def _rate(code):
    try:
        return USD_PER_UNIT[code.upper()]
    except KeyError:
        raise UnknownCurrency(code) from None


def quantize(amount, currency):
    """Round an amount to the minor unit of the currency (banker's rounding)."""
    places = MINOR_UNITS.get(currency.upper(), 2)
    exponent = Decimal(1).scaleb(-places)
    return amount.quantize(exponent, rounding=ROUND_HALF_EVEN)


def convert(amount, source, target):
    """Convert an amount from the source currency to the target currency."""
    amount = Decimal(amount)
    if source.upper() == target.upper():
        return quantize(amount, target)
    in_usd = amount * _rate(source)
    return quantize(in_usd / _rate(target), target)


def convert_lines(lines, target):
    """Convert (amount, currency) invoice lines; return the converted amounts and their total."""
    converted = [convert(amount, currency, target) for amount, currency in lines]
    return converted, sum(converted, Decimal(0))
