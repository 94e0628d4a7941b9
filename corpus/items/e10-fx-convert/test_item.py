from decimal import Decimal
from fractions import Fraction


def check_original(module):
    got = module.convert("100", "EUR", "USD")
    assert got == Decimal("108.50"), f"100 EUR -> USD gave {got}, expected 108.50"
    got = module.convert("50", "GBP", "EUR")
    assert got == Decimal("58.41"), f"50 GBP -> EUR gave {got}, expected 58.41"
    got = module.convert("10000", "JPY", "USD")
    assert got == Decimal("67.10"), f"10000 JPY -> USD gave {got}, expected 67.10"
    got = module.convert("20", "USD", "EUR")
    assert got == Decimal("18.43"), f"20 USD -> EUR gave {got}, expected 18.43"
    amounts, total = module.convert_lines([("10", "EUR"), ("5", "USD")], "USD")
    assert amounts == [Decimal("10.85"), Decimal("5.00")], f"converted lines {amounts}"
    assert total == Decimal("15.85"), f"total {total}, expected 15.85"


def check_disguised(module):
    Ing = module.Ingredient
    base = [Ing("flour", Fraction(200), "g"), Ing("eggs", Fraction(2), "pcs"), Ing("salt", Fraction(1, 2), "tsp")]
    doubled = module.scale_recipe(base, 4, 8)
    got = {i.name: i.qty for i in doubled}
    assert got == {"flour": 400, "eggs": 4, "salt": 1}, f"4 -> 8 servings gave {got}"
    halved = module.scale_recipe(base, 4, 2)
    got = {i.name: i.qty for i in halved}
    assert got == {"flour": 100, "eggs": 1, "salt": Fraction(1, 4)}, f"4 -> 2 servings gave {got}"
    same = module.scale_recipe(base, 4, 4)
    assert [i.qty for i in same] == [200, 2, Fraction(1, 2)], "scaling to the same servings changed quantities"
