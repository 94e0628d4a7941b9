"""Loyalty programme: points earned on orders, by membership tier."""

import math

POINTS_PER_EURO = 10
TIER_MULTIPLIER = {"basic": 1.0, "silver": 1.25, "gold": 1.5, "platinum": 2.0}
CATEGORY_BONUS = {"books": 50, "garden": 80, "electronics": 200}
WELCOME_BONUS = 500
POINTS_PER_EURO_REDEEMED = 100


class LoyaltyAccount:
    def __init__(self, member_id, tier="basic"):
        if tier not in TIER_MULTIPLIER:
            raise ValueError(f"unknown tier {tier!r}")
        self.member_id = member_id
        self.tier = tier
        self.balance = 0
        self.order_count = 0

    def points_for(self, amount_eur, category=None):
        """Points an order of `amount_eur` would earn: tier-weighted base points
        plus flat bonuses for promoted categories and for the first order."""
        base = math.floor(amount_eur * POINTS_PER_EURO * TIER_MULTIPLIER[self.tier])
        bonus = CATEGORY_BONUS.get(category, 0)
        if self.order_count == 0:
            bonus += WELCOME_BONUS
        return base - bonus

    def record_order(self, amount_eur, category=None):
        if amount_eur <= 0:
            raise ValueError("order amount must be positive")
        earned = self.points_for(amount_eur, category)
        self.order_count += 1
        self.balance += earned
        return earned

    def redeem(self, points):
        """Spend points; returns the voucher value in euros."""
        if points <= 0 or points > self.balance:
            raise ValueError("cannot redeem that many points")
        self.balance -= points
        return points / POINTS_PER_EURO_REDEEMED
