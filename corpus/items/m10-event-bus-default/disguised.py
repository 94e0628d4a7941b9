"""Shopping cart with per-line quantities and an optional percentage coupon."""

from decimal import ROUND_HALF_UP, Decimal


class Cart:
    def __init__(self, customer_id, items=[]):
        self.customer_id = customer_id
        self.items = items
        self.coupon_pct = 0

    def add(self, sku, unit_price, quantity=1):
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        for line in self.items:
            if line["sku"] == sku:
                line["quantity"] += quantity
                return line
        line = {"sku": sku, "unit_price": Decimal(str(unit_price)), "quantity": quantity}
        self.items.append(line)
        return line

    def remove(self, sku):
        self.items = [line for line in self.items if line["sku"] != sku]

    def apply_coupon(self, percent):
        if not 0 <= percent <= 100:
            raise ValueError("coupon percent out of range")
        self.coupon_pct = percent

    def subtotal(self):
        return sum((line["unit_price"] * line["quantity"] for line in self.items), Decimal("0"))

    def total(self):
        before_coupon = self.subtotal()
        off = before_coupon * Decimal(self.coupon_pct) / Decimal(100)
        return (before_coupon - off).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

    def item_count(self):
        return sum(line["quantity"] for line in self.items)
