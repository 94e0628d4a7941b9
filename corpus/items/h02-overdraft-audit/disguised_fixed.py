"""Bin stock in a warehouse, with a tolerance for picking ahead of receipts."""
from collections import namedtuple

Movement = namedtuple("Movement", "sku delta order on_hand")


class StockShortage(Exception):
    pass


class Bin:
    def __init__(self, code, negative_tolerance=0):
        self.code = code
        self.negative_tolerance = negative_tolerance
        self.on_hand = {}
        self.movements = []

    def _log(self, sku, delta, order):
        self.movements.append(Movement(sku, delta, order, self.on_hand[sku]))

    def count(self, sku):
        return self.on_hand.get(sku, 0)

    def put_away(self, sku, qty, order):
        if qty <= 0:
            raise ValueError("put-away quantity must be positive")
        self.on_hand[sku] = self.count(sku) + qty
        self._log(sku, qty, order)

    def pick(self, sku, qty, order):
        """Take qty units for an order; the count may dip below zero only by
        the bin's tolerance (stock picked ahead of a pending receipt)."""
        if qty <= 0:
            raise ValueError("pick quantity must be positive")
        stock = self.count(sku)
        if stock < qty:
            missing = qty - stock
            if missing > self.negative_tolerance:
                raise StockShortage(f"{self.code}: cannot pick {qty} x {sku}")
        self.on_hand[sku] = stock - qty
        self._log(sku, -qty, order)
        return self.on_hand[sku]

    def relocate(self, sku, qty, target, order):
        self.pick(sku, qty, order)
        target.put_away(sku, qty, order)
