"""Packing plan and shipping cost for warehouse orders."""

from decimal import Decimal

UNITS_PER_BOX = {"mug": 6, "plate": 8, "bowl": 4, "teapot": 1}
BOX_PRICE = Decimal("1.20")
POSTAGE_PER_BOX = Decimal("6.50")


def boxes_for(units: int, per_box: int) -> int:
    """Number of boxes needed to ship `units` items when `per_box` fit in a box."""
    if per_box <= 0:
        raise ValueError("per_box must be positive")
    if units <= 0:
        return 0
    return units // per_box


def packing_plan(order: dict[str, int]) -> dict[str, int]:
    """Boxes per product; different products never share a box."""
    plan = {}
    for product, units in sorted(order.items()):
        if product not in UNITS_PER_BOX:
            raise KeyError(f"no packing rule for {product!r}")
        plan[product] = boxes_for(units, UNITS_PER_BOX[product])
    return plan


def shipping_cost(order: dict[str, int]) -> Decimal:
    """Cardboard plus postage for every box of the order."""
    boxes = sum(packing_plan(order).values())
    return boxes * (BOX_PRICE + POSTAGE_PER_BOX)
