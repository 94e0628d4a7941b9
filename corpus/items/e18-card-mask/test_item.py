def check_original(module):
    got = module.mask("4111 1111 1111 1234")
    assert got == "**** **** **** 1234", f"masked visa: {got!r}"
    got = module.mask("3782-822463-10005", mask_char="#")
    assert got == "#### #### ###0 005", f"masked amex: {got!r}"
    got = module.mask("5500005555554444", group=8)
    assert got == "******** ****4444", f"grouped by 8: {got!r}"
    got = module.receipt_label("6011 0009 9013 9424")
    assert got == "Discover **** **** **** 9424", f"receipt label: {got!r}"
    assert module.brand("4012888888881881") == "Visa"
    for bad in ("4111-1111", "4111 1111 1111 abcd"):
        try:
            module.mask(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{bad!r} should be rejected")


def check_disguised(module):
    E = module.ELLIPSIS
    got = module.shorten("/home/dana/projects/app/src/main.py")
    assert got == f"{E}/src/main.py", f"shorten keep=2: {got!r}"
    got = module.shorten("C:\\Users\\dana\\notes.txt", keep=1)
    assert got == f"{E}/notes.txt", f"shorten keep=1: {got!r}"
    assert module.shorten("a/b", keep=3) == "a/b"
    got = module.fit("/srv/www/site/static/css/theme.css", 20)
    assert got == f"{E}/css/theme.css", f"fit to 20: {got!r}"
    assert module.common_tail_length("/x/lib/util.py", "/y/lib/util.py") == 2
