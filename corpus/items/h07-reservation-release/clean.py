"""Units held back for shoppers in checkout, released when their hold lapses.

Every hold is good for HOLD_MINUTES. At the moment it lapses, a shopper who is
still active in checkout gets a fresh HOLD_MINUTES, at most MAX_EXTENSIONS
times over the life of the hold; a hold that lapses for a shopper who left,
or that has used up its extensions, is released so its units are sold again.
"""
import itertools

HOLD_MINUTES = 10
MAX_EXTENSIONS = 2


class CheckoutHolds:
    """Stock per SKU together with the holds placed against it."""

    def __init__(self, stock):
        self._on_shelf = dict(stock)
        self._open = {}  # hold id -> [sku, qty, shopper, lapses_at, extensions_left]
        self._ids = itertools.count(1)

    def available(self, sku):
        """Units of sku neither sold nor held for anyone."""
        held = sum(entry[1] for entry in self._open.values() if entry[0] == sku)
        return self._on_shelf.get(sku, 0) - held

    def hold(self, sku, qty, shopper, now):
        """Hold qty units of sku for shopper; returns the hold id."""
        if not 0 < qty <= self.available(sku):
            raise ValueError(f"cannot hold {qty} of {sku}")
        hold_id = next(self._ids)
        self._open[hold_id] = [sku, qty, shopper, now + HOLD_MINUTES, MAX_EXTENSIONS]
        return hold_id

    def sweep(self, now, active_shoppers):
        """Deal with every lapsed hold; returns the ids that were released."""
        lapsed = [i for i in sorted(self._open) if self._open[i][3] <= now]
        released = []
        for hold_id in lapsed:
            entry = self._open[hold_id]
            if entry[4] == 0 or entry[2] not in active_shoppers:
                released.append(hold_id)
                del self._open[hold_id]
                continue
            entry[4] -= 1
            entry[3] = now + HOLD_MINUTES
        return released

    def checkout(self, hold_id):
        """Complete the sale of a hold; returns the number of units sold."""
        sku, qty, *_ = self._open.pop(hold_id)
        self._on_shelf[sku] -= qty
        return qty
