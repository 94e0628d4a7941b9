"""Replenishment alerts for a min/max stock policy.

An item is replenished as soon as its inventory position (stock on hand,
minus units reserved for open orders, plus units already on order) reaches
its reorder point; the suggested order brings the position back up to the
item's maximum level.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class StockItem:
    sku: str
    on_hand: int
    reserved: int
    on_order: int
    reorder_point: int
    max_level: int
    pack_size: int = 1

    @property
    def position(self):
        return self.on_hand - self.reserved + self.on_order


def needs_reorder(item):
    return item.position < item.reorder_point


def order_quantity(item):
    """Units to order now, rounded up to whole packs (0 if no order is due)."""
    if not needs_reorder(item):
        return 0
    shortfall = item.max_level - item.position
    packs = -(-shortfall // item.pack_size)
    return packs * item.pack_size


def reorder_report(items):
    """(sku, quantity) for every item due for reorder, largest orders first."""
    due = [(item.sku, order_quantity(item)) for item in items if needs_reorder(item)]
    due.sort(key=lambda entry: (-entry[1], entry[0]))
    return due
