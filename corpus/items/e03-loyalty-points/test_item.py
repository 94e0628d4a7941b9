def check_original(module):
    acct = module.LoyaltyAccount("M-1001", "gold")
    quote = acct.points_for(40.00, "books")
    assert quote == 1150, f"first gold order of 40 EUR in books quoted {quote} points, expected 1150"
    assert acct.record_order(40.00, "books") == 1150, "first order earned the wrong points"
    got = acct.record_order(19.99)
    assert got == 299, f"plain 19.99 EUR gold order earned {got}, expected 299"
    got = acct.record_order(100, "electronics")
    assert got == 1700, f"100 EUR electronics order earned {got}, expected 1700"
    assert acct.balance == 3149, f"balance {acct.balance}, expected 3149"
    assert acct.redeem(3000) == 30.0, "3000 points should be worth 30 EUR"
    assert acct.balance == 149, f"balance after redeeming {acct.balance}, expected 149"
    basic = module.LoyaltyAccount("M-1002")
    got = basic.record_order(5)
    assert got == 550, f"first basic order of 5 EUR earned {got}, expected 550"


def check_disguised(module):
    got = module.leg_kg("flight", 1000)
    assert abs(got - 310.0) < 1e-6, f"1000 km flight: {got} kg, expected 310.0"
    total, by_mode = module.journey_footprint([("rail", 400), ("flight", 1200), ("car", 150)], party_size=2)
    assert abs(by_mode["flight"] - 367.0) < 0.05, f"1200 km flight leg {by_mode['flight']} kg, expected 367.0"
    assert abs(by_mode["rail"] - 14.0) < 0.05, f"rail leg {by_mode['rail']} kg, expected 14.0"
    assert abs(total - 393.75) < 0.06, f"journey total {total} kg, expected about 393.8"
    got = module.greener_alternative(90)
    assert got == "coach", f"greenest mode for 90 km is {got!r}, expected 'coach'"
