"""Box office for a concert: sells numbered tickets per price tier up to the tier's capacity."""


class BoxOffice:
    def __init__(self, capacity_by_tier):
        self.capacity = dict(capacity_by_tier)
        self.issued = {tier: [] for tier in self.capacity}
        self.waitlist = []

    def purchase(self, buyer, tier, quantity=1):
        """Issue up to `quantity` tickets; any that cannot be sold go to the waitlist."""
        if tier not in self.capacity:
            raise KeyError(f"unknown tier {tier!r}")
        if quantity < 1:
            raise ValueError("quantity must be at least 1")
        sold = self.issued[tier]
        tickets = []
        for _ in range(quantity):
            if len(sold) >= self.capacity[tier]:
                self.waitlist.append((buyer, tier))
                continue
            ticket = f"{tier.upper()}-{len(sold) + 1:04d}"
            sold.append((ticket, buyer))
            tickets.append(ticket)
        return tickets

    def seats_left(self, tier):
        return self.capacity[tier] - len(self.issued[tier])

    def sold_out(self):
        return sorted(tier for tier in self.capacity if self.seats_left(tier) <= 0)

    def attendees(self, tier):
        return sorted({buyer for _, buyer in self.issued[tier]})
