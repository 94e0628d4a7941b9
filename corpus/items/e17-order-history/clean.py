"""Paginated order history for the customer account page."""

import math
from dataclasses import dataclass
from operator import attrgetter


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


def _visible(order, customer, include_cancelled):
    if order.customer != customer:
        return False
    return include_cancelled or order.status != "cancelled"


def order_history(orders, customer, newest_first=True, page=1, per_page=10, include_cancelled=False):
    """A page of the customer's orders in chronological or reverse chronological order."""
    if min(page, per_page) < 1:
        raise ValueError("page and per_page must be positive")
    chosen = sorted(
        (o for o in orders if _visible(o, customer, include_cancelled)),
        key=attrgetter("placed_at", "order_id"),
    )
    if newest_first:
        chosen.reverse()
    total_pages = math.ceil(len(chosen) / per_page) or 1
    offset = per_page * (page - 1)
    return Page(items=chosen[offset:offset + per_page], page=page, pages=total_pages)


def latest_order(orders, customer):
    candidates = [o for o in orders if _visible(o, customer, False)]
    return max(candidates, key=attrgetter("placed_at", "order_id"), default=None)


def lifetime_value(orders, customer):
    """Total of the customer's orders that were not cancelled, in cents."""
    return sum(o.total_cents for o in orders if _visible(o, customer, False))
