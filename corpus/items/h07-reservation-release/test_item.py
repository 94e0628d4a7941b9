"""Killability check for h07-reservation-release."""


def _raises(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type:
        return True
    return False


def check_original(m):
    inv = m.Inventory()
    inv.receive("BOLT", 10)
    first = inv.reserve("BOLT", 3)
    second = inv.reserve("BOLT", 4)
    assert inv.available("BOLT") == 3, f"expected 3 free after holding 7, got {inv.available('BOLT')}"
    assert _raises(m.OutOfStock, inv.reserve, "BOLT", 4), "reserved more than is free"
    assert inv.release(first) == 3, "release did not report the released quantity"
    assert inv.available("BOLT") == 6, f"expected 6 free after a release, got {inv.available('BOLT')}"
    assert inv.open_reservations("BOLT") == [second], \
        f"released reservation still open: {inv.open_reservations('BOLT')}"
    assert _raises(KeyError, inv.release, first), "the same reservation was released twice"
    assert inv.available("BOLT") == 6, "a second release changed availability"
    assert inv.ship(second) == ("BOLT", 4)
    assert inv.available("BOLT") == 6, f"expected 6 free after shipping, got {inv.available('BOLT')}"
    third = inv.reserve("BOLT", 6)
    assert inv.available("BOLT") == 0 and inv.open_reservations("BOLT") == [third]


def check_disguised(m):
    hotel = m.Hotel({"double": 20, "suite": 4})
    gala = hotel.hold_block("gala", "double", 8)
    expo = hotel.hold_block("expo", "double", 10)
    assert hotel.vacant("double") == 2, f"expected 2 vacant doubles, got {hotel.vacant('double')}"
    assert _raises(m.NoVacancy, hotel.hold_block, "expo", "suite", 5), "held more suites than exist"
    assert hotel.drop_block(gala) == 8, "drop_block did not report the rooms released"
    assert hotel.vacant("double") == 10, f"expected 10 vacant doubles after the drop, got {hotel.vacant('double')}"
    assert hotel.blocks_for("gala") == [], f"dropped block still listed: {hotel.blocks_for('gala')}"
    assert _raises(KeyError, hotel.drop_block, gala), "the same block was dropped twice"
    assert hotel.vacant("double") == 10, "a second drop changed the vacancy"
    assert hotel.convert_block(expo) == 10
    assert hotel.vacant("double") == 10, f"expected 10 vacant after conversion, got {hotel.vacant('double')}"
    again = hotel.hold_block("gala", "double", 10)
    assert hotel.vacant("double") == 0 and hotel.blocks_for("gala") == [again]
