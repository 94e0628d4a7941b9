"""Invoice arithmetic with Decimal money: discounted line amounts, VAT and totals."""

from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

HUNDRED = Decimal(100)


@dataclass(frozen=True)
class InvoiceLine:
    description: str
    quantity: int
    unit_price: Decimal
    tax_rate: Decimal
    discount: Decimal = Decimal(0)


def _round_cents(amount):
    return amount.quantize(Decimal("0.01"), ROUND_HALF_UP)


def _share(amount, percent):
    """`percent` per cent of `amount`, unrounded."""
    return amount * percent / HUNDRED


def line_net(line):
    """Discounted line amount, rounded to the cent; rejects bad quantities or discounts."""
    valid = line.quantity >= 0 and Decimal(0) <= line.discount <= HUNDRED
    if not valid:
        raise ValueError(f"invalid invoice line: {line.description!r}")
    return _round_cents(_share(line.quantity * line.unit_price, HUNDRED - line.discount))


def line_tax(line):
    """VAT on one line, rounded to the cent."""
    return _round_cents(_share(line_net(line), line.tax_rate))


def invoice_totals(lines):
    """Net, tax and gross totals, and the VAT charged per tax rate."""
    rows = [(line.tax_rate, line_net(line), line_tax(line)) for line in lines]
    per_rate = defaultdict(Decimal)
    for rate, _, vat in rows:
        per_rate[rate] += vat
    net = sum((amount for _, amount, _ in rows), Decimal(0))
    tax = sum(per_rate.values(), Decimal(0))
    return {"net": net, "tax": tax, "gross": net + tax, "by_rate": dict(per_rate)}
