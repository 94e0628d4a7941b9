"""Sealed-bid auction settlement; equal bids are decided by arrival order.

Amounts are integer cents, and a bid below its lot's reserve price never wins.
"""

from typing import NamedTuple


class Bid(NamedTuple):
    bidder: str
    amount_cents: int
    sequence: int  # arrival order assigned by the bid intake queue


def _rank(bid):
    # Higher amount first; among equal amounts the lower sequence number first.
    return (-bid.amount_cents, bid.sequence)


def winning_bid(bids, reserve_cents=0):
    """The qualifying bid with the highest amount, earliest on ties; None if none qualify."""
    qualifying = [b for b in bids if b.amount_cents >= reserve_cents]
    if not qualifying:
        return None
    return min(qualifying, key=_rank)


def close_auction(lots, reserves=None):
    """Return lot id -> (winner, price in cents), or None for a lot that did not sell."""
    outcome = {}
    for lot_id in lots:
        floor = (reserves or {}).get(lot_id, 0)
        winner = winning_bid(lots[lot_id], floor)
        if winner is None:
            outcome[lot_id] = None
        else:
            outcome[lot_id] = (winner.bidder, winner.amount_cents)
    return outcome


def revenue(results, commission_rate=0.1):
    """Total hammer price of sold lots and the house commission in whole cents."""
    prices = [entry[1] for entry in results.values() if entry is not None]
    gross = sum(prices)
    commission = round(gross * commission_rate)
    return gross, commission
