"""Stock reservations derived from the open holds themselves."""
from collections import Counter


class OutOfStock(Exception):
    """Raised when a reservation asks for more units than are free."""


class Inventory:
    def __init__(self):
        self._stock = Counter()
        self._reservations = {}
        self._last_id = 0

    def _held(self, sku):
        return sum(qty for held_sku, qty in self._reservations.values() if held_sku == sku)

    def receive(self, sku, qty):
        self._stock[sku] += qty

    def available(self, sku):
        return self._stock[sku] - self._held(sku)

    def reserve(self, sku, qty):
        """Hold qty units of sku and return the reservation id."""
        if qty <= 0:
            raise ValueError("quantity must be positive")
        free = self.available(sku)
        if free < qty:
            raise OutOfStock(f"only {free} of {sku} available")
        self._last_id += 1
        self._reservations[self._last_id] = (sku, qty)
        return self._last_id

    def release(self, hold_id):
        """Cancel a reservation and return its units to the available pool."""
        try:
            _, qty = self._reservations.pop(hold_id)
        except KeyError:
            raise KeyError(f"unknown reservation {hold_id}") from None
        return qty

    def ship(self, hold_id):
        """Ship a reservation: the units leave both the shelf and the hold."""
        sku, qty = self._reservations.pop(hold_id)
        self._stock[sku] -= qty
        return sku, qty

    def open_reservations(self, sku):
        return [rid for rid in sorted(self._reservations) if self._reservations[rid][0] == sku]
