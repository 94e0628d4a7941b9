"""Close sealed-bid auctions: the highest bid wins and ties go to the earliest bid."""

from typing import NamedTuple


class Bid(NamedTuple):
    bidder: str
    amount_cents: int
    sequence: int  # arrival order assigned by the bid intake queue


def winning_bid(bids, reserve_cents=0):
    """Best bid at or above the reserve, or None when no bid qualifies."""
    best = None
    for bid in sorted(bids, key=lambda b: b.sequence):
        if bid.amount_cents < reserve_cents:
            continue
        if best is None or bid.amount_cents >= best.amount_cents:
            best = bid
    return best


def close_auction(lots, reserves=None):
    """Settle several lots at once.

    `lots` maps a lot id to its bids; `reserves` optionally maps lot ids to a
    reserve price. Returns lot id -> (winner, price in cents) or None if unsold.
    """
    reserves = reserves or {}
    results = {}
    for lot_id, bids in lots.items():
        best = winning_bid(bids, reserves.get(lot_id, 0))
        results[lot_id] = None if best is None else (best.bidder, best.amount_cents)
    return results


def revenue(results, commission_rate=0.1):
    """Gross sales and the house commission (rounded to whole cents) over settled lots."""
    gross = sum(price for _, price in filter(None, results.values()))
    return gross, round(gross * commission_rate)
