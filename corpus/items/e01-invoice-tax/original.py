"""Invoice totals: line nets after discount, VAT per line, and grand totals."""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0")


@dataclass(frozen=True)
class InvoiceLine:
    description: str
    quantity: int
    unit_price: Decimal
    tax_rate: Decimal  # percent, e.g. Decimal("19")
    discount: Decimal = ZERO  # percent off the line amount


def _money(value):
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def line_net(line):
    """Line amount after discount, rounded to the cent."""
    if line.quantity < 0 or not ZERO <= line.discount <= 100:
        raise ValueError(f"invalid invoice line: {line.description!r}")
    gross = line.unit_price * line.quantity
    return _money(gross * (100 - line.discount) / 100)


def line_tax(line):
    """VAT charged on one line, rounded to the cent."""
    return _money(line_net(line) * line.tax_rate // 100)


def invoice_totals(lines):
    """Return net, tax and gross totals, plus the tax grouped by rate."""
    net = ZERO
    tax = ZERO
    by_rate = {}
    for line in lines:
        amount = line_net(line)
        vat = line_tax(line)
        net += amount
        tax += vat
        by_rate[line.tax_rate] = by_rate.get(line.tax_rate, ZERO) + vat
    return {"net": net, "tax": tax, "gross": net + tax, "by_rate": by_rate}
