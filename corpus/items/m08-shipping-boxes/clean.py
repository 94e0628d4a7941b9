"""Packing plan and shipping cost for warehouse orders."""

from decimal import Decimal

UNITS_PER_BOX = {"mug": 6, "plate": 8, "bowl": 4, "teapot": 1}
COST_PER_BOX = Decimal("1.20") + Decimal("6.50")


def boxes_for(units: int, per_box: int) -> int:
    """Number of boxes needed to ship `units` items when `per_box` fit in a box."""
    if per_box < 1:
        raise ValueError("per_box must be positive")
    full, rest = divmod(max(units, 0), per_box)
    return full + (1 if rest else 0)


def packing_plan(order: dict[str, int]) -> dict[str, int]:
    """Boxes per product; different products never share a box."""
    unknown = [name for name in order if name not in UNITS_PER_BOX]
    if unknown:
        raise KeyError(f"no packing rule for {unknown[0]!r}")
    return {name: boxes_for(qty, UNITS_PER_BOX[name]) for name, qty in sorted(order.items())}


def shipping_cost(order: dict[str, int]) -> Decimal:
    """Cardboard plus postage for every box of the order."""
    box_count = sum(packing_plan(order).values())
    return COST_PER_BOX * box_count
