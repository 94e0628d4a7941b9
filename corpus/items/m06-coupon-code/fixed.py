"""Checkout totals with optional coupon codes."""

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0")
SHIPPING_FEE = Decimal("4.95")
FREE_SHIPPING_FROM = Decimal("50.00")
COUPONS = {
    "WELCOME10": ("percent", Decimal("10")),
    "SPRING5": ("amount", Decimal("5.00")),
    "FREESHIP": ("shipping", ZERO),
}


def _shipping(subtotal: Decimal) -> Decimal:
    return ZERO if subtotal >= FREE_SHIPPING_FROM else SHIPPING_FEE


def checkout_total(subtotal: Decimal, coupon_code: str | None = None) -> Decimal:
    """Amount to charge for an order, shipping included.

    `coupon_code` is optional. Codes are matched case-insensitively and
    surrounding whitespace is ignored; an unknown code changes nothing.
    Free shipping is decided on the subtotal before any discount.
    """
    shipping = _shipping(subtotal)
    code = (coupon_code or "").strip().upper()
    kind, value = COUPONS.get(code, ("none", ZERO))
    if kind == "percent":
        subtotal -= subtotal * value / 100
    elif kind == "amount":
        subtotal = max(ZERO, subtotal - value)
    elif kind == "shipping":
        shipping = ZERO
    return (subtotal + shipping).quantize(CENT, rounding=ROUND_HALF_UP)


def basket_total(prices: list[Decimal], coupon_code: str | None = None) -> Decimal:
    """Checkout total for a list of item prices."""
    return checkout_total(sum(prices, ZERO), coupon_code)
