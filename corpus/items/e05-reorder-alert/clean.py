"""Min/max replenishment: which items to reorder and how many units."""

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
    due = needs_reorder(item)
    return _round_up_to_pack(item.max_level - item.position, item.pack_size) if due else 0


def _pending_orders(items):
    for item in items:
        if needs_reorder(item):
            yield order_quantity(item), item.sku


def reorder_report(items):
    ranked = sorted(_pending_orders(items), key=lambda pair: (-pair[0], pair[1]))
    return [(sku, qty) for qty, sku in ranked]
