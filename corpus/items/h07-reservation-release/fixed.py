"""Stock reservations: orders hold units until they ship or are cancelled."""
import itertools


class OutOfStock(Exception):
    pass


class Inventory:
    def __init__(self):
        self._on_hand = {}
        self._reserved = {}
        self._holds = {}
        self._ids = itertools.count(1)

    def receive(self, sku, qty):
        self._on_hand[sku] = self._on_hand.get(sku, 0) + qty

    def available(self, sku):
        return self._on_hand.get(sku, 0) - self._reserved.get(sku, 0)

    def reserve(self, sku, qty):
        """Hold qty units of sku and return the reservation id."""
        if qty <= 0:
            raise ValueError("quantity must be positive")
        if qty > self.available(sku):
            raise OutOfStock(f"only {self.available(sku)} of {sku} available")
        held = self._reserved.get(sku, 0)
        self._reserved[sku] = held + qty
        hold_id = next(self._ids)
        self._holds[hold_id] = (sku, qty)
        return hold_id

    def release(self, hold_id):
        """Cancel a reservation and return its units to the available pool."""
        if hold_id not in self._holds:
            raise KeyError(f"unknown reservation {hold_id}")
        sku, qty = self._holds[hold_id]
        del self._holds[hold_id]
        held = self._reserved[sku]
        self._reserved[sku] = held - qty
        return qty

    def ship(self, hold_id):
        """Ship a reservation: the units leave both the shelf and the hold."""
        sku, qty = self._holds.pop(hold_id)
        self._reserved[sku] -= qty
        self._on_hand[sku] -= qty
        return sku, qty

    def open_reservations(self, sku):
        return sorted(i for i, (held_sku, _) in self._holds.items() if held_sku == sku)
