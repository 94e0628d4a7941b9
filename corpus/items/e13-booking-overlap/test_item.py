def check_original(module):
    later = module.RoomCalendar()
    later.book("Curie", 600, 660, "planning")
    later.book("Curie", 700, 760, "retro")
    got = later.free_slots("Curie", 480, 540)
    assert got == [(480, 540)], f"free slots of a morning before any booking: {got}, expected [(480, 540)]"
    got = later.free_slots("Curie", 630, 720)
    assert got == [(660, 700)], f"free slots of 630-720: {got}, expected [(660, 700)]"
    assert later.free_slots("Curie", 760, 800) == [(760, 800)], "free slots after the last booking"

    cal = module.RoomCalendar()
    cal.book("Ada", 600, 660, "standup")
    late = cal.book("Ada", 660, 720, "design review")
    assert late.start == 660
    early = cal.book("Ada", 540, 600, "breakfast")
    assert early.end == 600
    try:
        cal.book("Ada", 630, 690, "clash")
    except module.BookingConflict:
        pass
    else:
        raise AssertionError("an overlapping booking was accepted")
    try:
        cal.book("Ada", 500, 541, "clash")
    except module.BookingConflict:
        pass
    else:
        raise AssertionError("a booking overlapping by one minute was accepted")
    cal.book("Babbage", 600, 660, "other room")
    assert cal.free_slots("Ada", 480, 1020) == [(480, 540), (720, 1020)], cal.free_slots("Ada", 480, 1020)


def check_disguised(module):
    amap = module.AddressMap(0x10000)
    amap.reserve("uart", 0x2000, 0x1000)
    below = amap.reserve("gpio", 0x1000, 0x1000)
    assert below.base == 0x1000
    above = amap.reserve("spi", 0x3000, 0x800)
    assert above.base == 0x3000
    try:
        amap.reserve("dma", 0x2800, 0x1000)
    except ValueError:
        pass
    else:
        raise AssertionError("a colliding region was reserved")
    ram = amap.first_fit("sram", 0x1000)
    assert ram.base == 0x0, f"first fit placed sram at {ram.base:#x}"
    nxt = amap.first_fit("flash", 0x2000)
    assert nxt.base == 0x4000, f"first fit placed flash at {nxt.base:#x}"
