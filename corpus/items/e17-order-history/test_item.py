def check_original(module):
    O = module.Order
    orders = [
        O("A1", "kim", 1000, 1500, "paid"),
        O("A2", "lee", 1100, 900, "paid"),
        O("A3", "kim", 3000, 2500, "shipped"),
        O("A4", "kim", 2000, 700, "cancelled"),
        O("A5", "kim", 4000, 1200, "paid"),
    ]
    page = module.order_history(orders, "kim")
    got = [o.order_id for o in page.items]
    assert got == ["A5", "A3", "A1"], f"default history should be newest first, got {got}"
    got = [o.order_id for o in module.order_history(orders, "kim", newest_first=False).items]
    assert got == ["A1", "A3", "A5"], f"oldest-first history, got {got}"
    p2 = module.order_history(orders, "kim", page=2, per_page=2, include_cancelled=True)
    assert [o.order_id for o in p2.items] == ["A4", "A1"] and p2.pages == 2, f"page 2: {p2}"
    latest = module.latest_order(orders, "kim")
    assert latest is not None and latest.order_id == "A5", f"latest order {latest}"
    assert module.latest_order(orders, "nobody") is None
    assert module.lifetime_value(orders, "kim") == 5200


def check_disguised(module):
    T = module.Track
    lib = module.Library([T("Blue", "Ari", 4.5, 10), T("Red", "Ben", 3.0, 50), T("Gold", "Ari", 5.0, 2)])
    lib.add(T("Grey", "Ben", 1.5, 30))
    got = [t.title for t in lib.by_rating()]
    assert got == ["Gold", "Blue", "Red", "Grey"], f"default order should be best first, got {got}"
    got = [t.title for t in lib.by_rating(ascending=True)]
    assert got == ["Grey", "Red", "Blue", "Gold"], f"ascending order, got {got}"
    got = [t.title for t in lib.top(2, min_plays=5)]
    assert got == ["Blue", "Red"], f"top 2 with 5+ plays, got {got}"
    grouped = {a: [t.title for t in ts] for a, ts in lib.by_artist().items()}
    assert grouped == {"Ari": ["Gold", "Blue"], "Ben": ["Red", "Grey"]}, grouped
