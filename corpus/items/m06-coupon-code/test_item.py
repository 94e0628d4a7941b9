from decimal import Decimal as D


def check_original(module):
    total = module.checkout_total
    assert total(D("20.00"), " welcome10 ") == D("22.95"), "percent coupon, case and whitespace insensitive"
    assert total(D("20.00"), "SPRING5") == D("19.95"), "amount coupon"
    assert total(D("20.00"), "freeship") == D("20.00"), "free-shipping coupon"
    assert total(D("20.00"), "BOGUS") == D("24.95"), "an unknown code changes nothing"
    assert total(D("20.00"), "") == D("24.95"), "an empty code changes nothing"
    assert total(D("20.00")) == D("24.95"), "an order without a coupon must be priced normally"
    assert total(D("60.00"), None) == D("60.00"), "free shipping from 50, no coupon"
    got = module.basket_total([D("10.00"), D("15.50")])
    assert got == D("30.45"), f"basket without a coupon: {got}"


def check_disguised(module):
    assert module.addressee("Grace", "Hopper", "Brewster", "Dr") == "Dr Grace B. HOPPER", "middle initial"
    assert module.addressee("Alan", "Turing", "  ") == "Alan TURING", "a blank middle name prints nothing"
    assert module.addressee("Ada", "Lovelace") == "Ada LOVELACE", "a member without a middle name must be labelled"
    member = {"given": "Ada", "family": "Lovelace", "middle_name": None, "flat": "2",
              "street": "12 St James's Square", "postcode": "SW1Y 4JH", "town": "London"}
    got = module.label_lines(member)
    assert got == ["Ada LOVELACE", "Flat 2", "12 St James's Square", "SW1Y 4JH LONDON"], f"wrong label {got}"
