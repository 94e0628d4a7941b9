"""Checkout holds: units set aside for a shopper while they pay.

A hold lasts HOLD_MINUTES. When it runs out, the sweeper extends it by another
HOLD_MINUTES if the shopper is still active in checkout and the hold has been
extended fewer than MAX_EXTENSIONS times; otherwise the hold is released and
its units go back on sale.
"""
from dataclasses import dataclass

HOLD_MINUTES = 10
MAX_EXTENSIONS = 2


@dataclass
class Hold:
    sku: str
    qty: int
    shopper: str
    expires: int  # minute at which the hold runs out
    extensions: int = 0


class CheckoutHolds:
    def __init__(self, stock):
        self._stock = dict(stock)
        self._holds = {}
        self._next_id = 1

    def available(self, sku):
        held = sum(h.qty for h in self._holds.values() if h.sku == sku)
        return self._stock.get(sku, 0) - held

    def hold(self, sku, qty, shopper, now):
        """Set qty units aside for shopper until now + HOLD_MINUTES."""
        if qty <= 0 or qty > self.available(sku):
            raise ValueError(f"cannot hold {qty} of {sku}")
        hold_id = self._next_id
        self._next_id += 1
        self._holds[hold_id] = Hold(sku, qty, shopper, now + HOLD_MINUTES)
        return hold_id

    def sweep(self, now, active_shoppers):
        """Extend or release every hold that has run out; return the ids released."""
        released = []
        for hold_id, hold in sorted(self._holds.items()):
            if hold.expires > now:
                continue
            may_extend = hold.extensions >= MAX_EXTENSIONS
            if hold.shopper in active_shoppers or may_extend:
                hold.extensions += 1
                hold.expires = now + HOLD_MINUTES
            else:
                del self._holds[hold_id]
                released.append(hold_id)
        return released

    def checkout(self, hold_id):
        """The shopper paid: the held units leave stock for good."""
        hold = self._holds.pop(hold_id)
        self._stock[hold.sku] -= hold.qty
        return hold.qty
