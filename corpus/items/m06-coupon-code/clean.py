"""Checkout totals with optional coupon codes."""

from decimal import ROUND_HALF_UP, Decimal

SHIPPING_FEE = Decimal("4.95")
FREE_SHIPPING_FROM = Decimal("50.00")


def _percent_off(rate):
    """Discount taking `rate` percent off the goods; postage is unchanged."""
    return lambda goods, postage: (goods * (100 - rate) / 100, postage)


def _amount_off(amount):
    return lambda goods, postage: (max(Decimal(0), goods - amount), postage)


def _free_postage(goods, postage):
    return goods, Decimal(0)


_DISCOUNTS = {
    "WELCOME10": _percent_off(Decimal(10)),
    "SPRING5": _amount_off(Decimal("5.00")),
    "FREESHIP": _free_postage,
}


def checkout_total(subtotal: Decimal, coupon_code: str | None = None) -> Decimal:
    """Amount to charge, shipping included; the coupon code is optional.

    Codes ignore case and surrounding blanks, and an unknown code changes
    nothing. Free shipping depends on the undiscounted subtotal.
    """
    postage = SHIPPING_FEE if subtotal < FREE_SHIPPING_FROM else Decimal(0)
    if coupon_code is not None:
        discount = _DISCOUNTS.get(coupon_code.strip().upper())
        if discount is not None:
            subtotal, postage = discount(subtotal, postage)
    return (subtotal + postage).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def basket_total(prices: list[Decimal], coupon_code: str | None = None) -> Decimal:
    """Checkout total for a list of item prices."""
    running = Decimal(0)
    for price in prices:
        running += price
    return checkout_total(running, coupon_code)
