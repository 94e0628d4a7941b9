def check_original(module):
    delivered = []
    first = module.EventBus()
    first.subscribe("order.created", lambda topic, payload: delivered.append(("first", payload)))
    second = module.EventBus()
    assert second.listeners("order.created") == [], (
        "a freshly created bus already has subscribers registered on another bus instance"
    )
    count = second.publish("order.created", {"id": 1})
    assert count == 0 and delivered == [], (
        f"publishing on a new bus reached another bus's subscriber: count={count}, delivered={delivered}"
    )
    assert first.publish("order.created", {"id": 2}) == 1
    assert delivered == [("first", {"id": 2})], delivered
    first.pause("order.created")
    assert first.publish("order.created", 3) == 0
    first.resume("order.created")
    seen = []
    handler = first.subscribe("order.paid", lambda topic, payload: seen.append(payload))
    assert first.unsubscribe("order.paid", handler) == 1
    assert first.publish("order.paid", 4) == 0 and seen == []
    initial = [("job.done", lambda topic, payload: seen.append(payload))]
    third = module.EventBus(initial)
    third.subscribe("job.done", lambda topic, payload: None)
    assert len(initial) == 1, f"subscribing on a bus modified the caller's list: {initial}"
    initial.append(("job.done", lambda topic, payload: None))
    assert len(third.listeners("job.done")) == 2, "the bus follows later changes to the caller's list"
    assert third.publish("job.done", 5) == 2 and seen == [5], seen


def check_disguised(module):
    from decimal import Decimal

    alice = module.Cart("alice")
    alice.add("SKU-1", "19.99", 2)
    bob = module.Cart("bob")
    assert bob.item_count() == 0, (
        f"a new cart already contains another customer's lines: {bob.items}"
    )
    assert str(bob.total()) == "0.00", f"new cart total should be 0.00, got {bob.total()}"
    bob.add("SKU-2", "5.00")
    assert alice.item_count() == 2, f"lines added to one cart appeared in another: {alice.items}"
    assert str(alice.total()) == "39.98", alice.total()
    alice.apply_coupon(10)
    assert str(alice.total()) == "35.98", alice.total()
    saved = [{"sku": "SKU-9", "unit_price": Decimal("2.50"), "quantity": 1}]
    carol = module.Cart("carol", saved)
    carol.add("SKU-9", "2.50", 2)
    carol.add("SKU-3", "1.00")
    assert saved == [{"sku": "SKU-9", "unit_price": Decimal("2.50"), "quantity": 1}], (
        f"the cart changed the caller's saved lines: {saved}"
    )
    saved.clear()
    assert carol.item_count() == 4 and str(carol.total()) == "8.50", (carol.items, carol.total())
