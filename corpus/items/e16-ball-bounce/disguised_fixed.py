"""Stop-and-reverse execution for a single instrument: flip a long into a short and back."""

from typing import NamedTuple


class Position(NamedTuple):
    symbol: str
    quantity: int  # signed: positive is long, negative is short
    avg_price: float


def reversal_order(position, size_factor=1.0, lot_size=1):
    """Signed order quantity that moves the position to the opposite side.

    The new position is the old one mirrored and scaled by size_factor, rounded
    to whole lots; the order has to close the old position as well.
    """
    target = round(-position.quantity * size_factor / lot_size) * lot_size
    return target - position.quantity


def apply_fill(position, filled_qty, price):
    """Position after a fill; the average price resets when the side changes."""
    new_qty = position.quantity + filled_qty
    if new_qty == 0:
        return position._replace(quantity=0, avg_price=0.0)
    if position.quantity == 0 or (new_qty > 0) != (position.quantity > 0):
        return position._replace(quantity=new_qty, avg_price=price)
    if abs(new_qty) > abs(position.quantity):
        cost = position.avg_price * position.quantity + price * filled_qty
        return position._replace(quantity=new_qty, avg_price=cost / new_qty)
    return position._replace(quantity=new_qty)


def stop_and_reverse(position, price, size_factor=1.0, lot_size=1):
    """Send the reversal order as a single fill at `price`; returns (order qty, new position)."""
    qty = reversal_order(position, size_factor, lot_size)
    return qty, apply_fill(position, qty, price)
