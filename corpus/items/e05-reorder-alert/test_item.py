def check_original(module):
    Item = module.StockItem
    at_point = Item("BOLT-M6", on_hand=30, reserved=5, on_order=0, reorder_point=25, max_level=100, pack_size=12)
    above = Item("NUT-M6", on_hand=31, reserved=5, on_order=0, reorder_point=25, max_level=100)
    below = Item("WASHER-6", on_hand=4, reserved=0, on_order=6, reorder_point=20, max_level=50)
    assert below.position == 10, "inventory position counts stock on order"
    assert module.needs_reorder(below), "item below its reorder point must be reordered"
    assert not module.needs_reorder(above), "item above its reorder point must not be reordered"
    assert module.needs_reorder(at_point), "item whose position has reached the reorder point (25 of 25) must be reordered"
    got = module.order_quantity(at_point)
    assert got == 84, f"order for BOLT-M6 is {got}, expected 84 (75 short, packs of 12)"
    assert module.order_quantity(above) == 0, "no order for an item above its reorder point"
    report = module.reorder_report([above, below, at_point])
    assert report == [("BOLT-M6", 84), ("WASHER-6", 40)], f"reorder report {report}"


def check_disguised(module):
    expected = {100: "A", 90: "A", 89.5: "B", 80: "B", 79: "C", 70: "C", 60: "D", 59.9: "F", 0: "F"}
    for mark, want in expected.items():
        got = module.letter(mark)
        assert got == want, f"mark {mark} graded {got}, expected {want}"
    marks = {"ana": 90, "ben": 80, "cy": 65, "dee": 42}
    assert module.grade_sheet(marks) == {"ana": "A", "ben": "B", "cy": "D", "dee": "F"}, "grade sheet"
    dist = module.distribution(marks)
    assert dist == [("A", 1), ("B", 1), ("C", 0), ("D", 1), ("F", 1)], f"distribution {dist}"
    assert module.class_gpa(marks) == 2.0, f"class GPA {module.class_gpa(marks)}, expected 2.0"
