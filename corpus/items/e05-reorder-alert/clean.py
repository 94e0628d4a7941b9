"""Min/max replenishment: which items to reorder and how many units.

An item is due once its inventory position has fallen to its reorder point or
below it; the order then brings the position back up to the item's maximum
level, rounded up to whole packs.
"""

import math
from typing import NamedTuple


class StockItem(NamedTuple):
    sku: str
    on_hand: int
    reserved: int
    on_order: int
    reorder_point: int
    max_level: int
    pack_size: int = 1

    @property
    def position(self):
        """Inventory position: free stock plus stock already on order."""
        return sum((self.on_hand, -self.reserved, self.on_order))


def needs_reorder(item):
    return not item.position > item.reorder_point


def _round_up_to_pack(units, pack):
    return math.ceil(units / pack) * pack


def order_quantity(item):
    """Units to order now, a whole number of packs; 0 when the item is not due."""
    due = needs_reorder(item)
    return _round_up_to_pack(item.max_level - item.position, item.pack_size) if due else 0


def _pending_orders(items):
    for item in items:
        if needs_reorder(item):
            yield order_quantity(item), item.sku


def reorder_report(items):
    """(sku, quantity) for every item that is due, biggest order first, ties by sku."""
    ranked = sorted(_pending_orders(items), key=lambda pair: (-pair[0], pair[1]))
    return [(sku, qty) for qty, sku in ranked]
