def _close(a, b):
    return abs(a - b) < 1e-9


def check_original(module):
    ccw = [(0, 0), (4, 0), (4, 3), (0, 3)]
    cw = ccw[::-1]
    got = module.signed_area(ccw)
    assert _close(got, 12.0), f"signed area of a counter-clockwise 4x3 rectangle is {got}, expected +12"
    assert _close(module.signed_area(cw), -12.0), "clockwise rectangle should have signed area -12"
    assert _close(module.area(cw), 12.0), "unsigned area of the rectangle"
    assert module.is_counter_clockwise(ccw), "counter-clockwise rectangle not recognised"
    assert not module.is_counter_clockwise(cw), "clockwise rectangle reported counter-clockwise"
    assert module.as_counter_clockwise(cw) == ccw, "clockwise outline should be reversed"
    assert module.as_counter_clockwise(ccw) == ccw, "counter-clockwise outline should be kept"
    cx, cy = module.centroid([(0, 0), (6, 0), (0, 3)])
    assert _close(cx, 2.0) and _close(cy, 1.0), f"triangle centroid ({cx}, {cy}), expected (2, 1)"
    ell = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]
    cx, cy = module.centroid(ell)
    assert _close(cx, 5 / 6) and _close(cy, 5 / 6), f"L-shape centroid ({cx}, {cy}), expected (5/6, 5/6)"


def check_disguised(module):
    from decimal import Decimal as D

    chart = {"cash": "asset", "loan": "liability", "capital": "equity", "sales": "revenue", "rent": "expense"}
    journal = [
        ("cash", "debit", D("1000")), ("capital", "credit", D("1000")),
        ("cash", "debit", D("500")), ("loan", "credit", D("500")),
        ("cash", "debit", D("300")), ("sales", "credit", D("300")),
        ("rent", "debit", D("200")), ("cash", "credit", D("200")),
    ]
    got = module.ledger_balances(chart, journal)
    want = {"cash": D("1600"), "loan": D("500"), "capital": D("1000"), "sales": D("300"), "rent": D("200")}
    assert got == want, f"balances {got}, expected {want}"
    assert module.profit(chart, journal) == D("100"), f"profit {module.profit(chart, journal)}, expected 100"
    assert module.balance("revenue", [("credit", D("75"))]) == D("75"), "a credited revenue account shows a positive balance"
