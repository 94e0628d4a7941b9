"""Killability check for h07-reservation-release.

Killing input: a hold that lapses again after it has used up all
MAX_EXTENSIONS extensions. Below the limit the reversed limit test
(`>=`) is False, so `active or False` decides exactly like the intended
`active and True`: active shoppers are extended and departed ones released,
which is every sweep of an ordinary checkout. Once the limit is reached the
reversed test turns True and the `or` keeps the hold alive forever, whether
or not the shopper is still there. The disguise renews a library loan past
its renewal limit the same way.
"""
from datetime import date


def check_original(m):
    shop = m.CheckoutHolds({"MUG": 5, "CAP": 2})
    a = shop.hold("MUG", 2, "ann", now=0)
    b = shop.hold("MUG", 1, "bob", now=3)
    c = shop.hold("CAP", 2, "cyd", now=4)
    assert shop.available("MUG") == 2 and shop.available("CAP") == 0
    try:
        shop.hold("CAP", 1, "dee", now=4)
    except ValueError:
        pass
    else:
        raise AssertionError("held more caps than are in stock")
    assert shop.sweep(9, {"ann", "bob", "cyd"}) == [], "a hold was swept before it ran out"
    got = shop.sweep(10, {"ann", "cyd"})
    assert got == [], f"ann's lapsed hold should be extended, got released {got}"
    got = shop.sweep(14, {"ann"})
    assert got == [b, c], f"holds of shoppers who left should be released, got {got}"
    assert shop.available("MUG") == 3 and shop.available("CAP") == 2, "released units not back on sale"
    assert shop.sweep(20, {"ann"}) == [], "ann's hold should get its second extension"
    assert shop.available("MUG") == 3
    got = shop.sweep(30, {"ann"})
    assert got == [a], f"a hold out of extensions must be released, got {got}"
    assert shop.available("MUG") == 5, f"expected all 5 mugs free, got {shop.available('MUG')}"
    d = shop.hold("CAP", 1, "dee", now=31)
    assert shop.checkout(d) == 1 and shop.available("CAP") == 1


def check_disguised(m):
    day = date(2024, 3, 1)
    loan = m.lend("Middlemarch", "kim", day)
    assert loan.due == date(2024, 3, 22)
    loan, ok = m.renew(loan, date(2024, 3, 20), {"Emma"})
    assert ok and loan.due == date(2024, 4, 10) and loan.renewals == 1, (loan, ok)
    same, ok = m.renew(loan, date(2024, 4, 1), {"Middlemarch"})
    assert not ok and same == loan, "renewed a title that others are queueing for"
    for when in (date(2024, 4, 9), date(2024, 4, 29)):
        loan, ok = m.renew(loan, when, set())
        assert ok, f"renewal {loan.renewals + 1} refused"
    assert loan.renewals == 3 and loan.due == date(2024, 5, 20), loan
    after, ok = m.renew(loan, date(2024, 5, 19), set())
    assert not ok and after == loan, f"renewed past the limit of 3: {after}"
    assert m.fine(loan, date(2024, 5, 24)) == 1.0 and m.fine(loan, date(2024, 5, 2)) == 0
