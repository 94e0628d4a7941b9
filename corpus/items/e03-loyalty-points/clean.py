"""Membership points: earning on orders and redeeming for vouchers."""

from math import floor

_RATE = 10  # points per euro spent, before the tier multiplier
_TIERS = dict(basic=1.0, silver=1.25, gold=1.5, platinum=2.0)
_PROMOTED = dict(books=50, garden=80, electronics=200)
_FIRST_ORDER_POINTS = 500
_VOUCHER_DIVISOR = 100


def _earned(tier, amount, category, first_order):
    flat = _PROMOTED.get(category, 0) + (_FIRST_ORDER_POINTS if first_order else 0)
    return floor(amount * _RATE * _TIERS[tier]) + flat


class LoyaltyAccount:
    def __init__(self, member_id, tier="basic"):
        if tier not in _TIERS:
            raise ValueError(f"unknown tier {tier!r}")
        self.member_id = member_id
        self.tier = tier
        self._movements = []  # signed point changes, oldest first
        self._orders = 0

    @property
    def balance(self):
        return sum(self._movements)

    @property
    def order_count(self):
        return self._orders

    def points_for(self, amount_eur, category=None):
        """Points an order would earn: tier-weighted base points, rounded down, plus
        promoted-category and first-order bonuses."""
        return _earned(self.tier, amount_eur, category, self._orders == 0)

    def record_order(self, amount_eur, category=None):
        if not amount_eur > 0:
            raise ValueError("order amount must be positive")
        gained = self.points_for(amount_eur, category)
        self._movements.append(gained)
        self._orders += 1
        return gained

    def redeem(self, points):
        """Spend points on a voucher; returns its value in euros (100 points per euro)."""
        if not 0 < points <= self.balance:
            raise ValueError("cannot redeem that many points")
        self._movements.append(-points)
        return points / _VOUCHER_DIVISOR
