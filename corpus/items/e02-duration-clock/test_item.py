def check_original(module):
    cases = {
        3725: "1:02:05",
        59: "0:00:59",
        600: "0:10:00",
        86399: "23:59:59",
        -4271.6: "-1:11:12",
    }
    for seconds, want in cases.items():
        got = module.format_duration(seconds)
        assert got == want, f"format_duration({seconds}) gave {got!r}, expected {want!r}"
    got = module.format_duration(317, always_hours=False)
    assert got == "5:17", f"short form of 317 s gave {got!r}, expected '5:17'"
    for seconds in (0, 61, 3599, 3600, 45296):
        back = module.parse_duration(module.format_duration(seconds))
        assert back == seconds, f"round trip of {seconds} s gave {back}"
    got = module.total_duration(["3:25", "4:10", "1:01:00"])
    assert got == "1:08:35", f"total of tracks gave {got!r}, expected '1:08:35'"


def check_disguised(module):
    zone = module.Zone(3, 4, 10)
    got = module.bin_label(zone, 57)
    assert got == "A02-L2-B08", f"slot 57 labelled {got!r}, expected 'A02-L2-B08'"
    got = module.bin_label(zone, 39)
    assert got == "A01-L4-B10", f"slot 39 labelled {got!r}, expected 'A01-L4-B10'"
    for slot in range(zone.capacity):
        label = module.bin_label(zone, slot)
        back = module.slot_number(zone, label)
        assert back == slot, f"slot {slot} -> {label} -> {back}"
    route = module.pick_route(zone, [41, 12, 41, 3])
    assert route == ["A01-L1-B04", "A01-L2-B03", "A02-L1-B02"], f"pick route {route}"
