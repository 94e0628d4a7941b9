"""Customer order history: filter a customer's orders, sort them by time, paginate."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Order:
    order_id: str
    customer: str
    placed_at: int  # unix timestamp
    total_cents: int
    status: str  # "paid", "shipped", "cancelled", ...


@dataclass(frozen=True)
class Page:
    items: list
    page: int
    pages: int


def order_history(orders, customer, newest_first=True, page=1, per_page=10, include_cancelled=False):
    """One page of a customer's orders, newest first unless newest_first is False."""
    if page < 1 or per_page < 1:
        raise ValueError("page and per_page must be positive")
    mine = [
        o for o in orders
        if o.customer == customer and (include_cancelled or o.status != "cancelled")
    ]
    mine.sort(key=lambda o: (o.placed_at, o.order_id), reverse=newest_first)
    pages = max(1, -(-len(mine) // per_page))
    start = (page - 1) * per_page
    return Page(items=mine[start:start + per_page], page=page, pages=pages)


def latest_order(orders, customer):
    history = order_history(orders, customer, per_page=1)
    return history.items[0] if history.items else None


def lifetime_value(orders, customer):
    """Sum of a customer's non-cancelled order totals, in cents."""
    return sum(o.total_cents for o in orders if o.customer == customer and o.status != "cancelled")
