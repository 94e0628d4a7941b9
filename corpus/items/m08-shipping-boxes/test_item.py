from decimal import Decimal


def check_original(module):
    assert module.boxes_for(12, 6) == 2, "12 mugs fill exactly 2 boxes"
    assert module.boxes_for(13, 6) == 3, "13 mugs need 3 boxes"
    assert module.boxes_for(3, 8) == 1, "3 plates still need a box"
    assert module.boxes_for(0, 4) == 0, "nothing to ship needs no box"
    plan = module.packing_plan({"mug": 7, "bowl": 4, "teapot": 2})
    assert plan == {"bowl": 1, "mug": 2, "teapot": 2}, f"wrong packing plan {plan}"
    cost = module.shipping_cost({"plate": 9, "mug": 1})
    assert cost == Decimal("23.10"), f"3 boxes at 7.70 is 23.10, got {cost}"


def check_disguised(module):
    assert module.coaches_needed(98) == 2, "98 people fill exactly 2 coaches"
    assert module.coaches_needed(99) == 3, "99 people need 3 coaches"
    assert module.coaches_needed(20) == 1, "a small group still needs a coach"
    assert module.coaches_needed(0) == 0, "nobody travelling needs no coach"
    quote = module.trip_quote([28, 30])
    assert quote["coaches"] == 2, f"61 travellers need 2 coaches, got {quote}"
    assert quote["cost"] == 830.0 and quote["per_pupil"] == 14.31, f"wrong quote {quote}"
    quote = module.trip_quote([12])
    assert quote["coaches"] == 1 and quote["per_pupil"] == 34.58, f"wrong quote for one class {quote}"
