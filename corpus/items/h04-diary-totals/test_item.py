"""Killability check for h04-diary-totals.

The combination is killed by deleting an entry: the day's total must drop,
but the defective diary keeps serving the old total (and, from then on,
ignores new entries too).  A diary that is only ever logged to, the common
case, is right: logging no longer marks the totals stale and the staleness
test is inverted, so while the flag stays clear the totals are rebuilt on
every read; only delete still sets the flag, and once set it blocks every
rebuild.
"""


def check_original(m):
    diary = m.Diary(daily_target=1_800)
    oats = diary.log("2024-05-01", "porridge", 350)
    diary.log("2024-05-01", "pasta", 900)
    assert diary.total("2024-05-01") == 1_250, f"total {diary.total('2024-05-01')}"
    assert diary.total("2024-05-02") == 0
    cake = diary.log("2024-05-01", "cake", 600)
    diary.log("2024-05-02", "salad", 400)
    assert diary.total("2024-05-01") == 1_850 and diary.total("2024-05-02") == 400, "totals did not follow new entries"
    assert diary.days_over_target() == ["2024-05-01"], diary.days_over_target()
    try:
        diary.log("2024-05-02", "typo", -50)
    except ValueError:
        pass
    else:
        raise AssertionError("an entry with negative calories was logged")
    assert oats != diary.log("2024-05-03", "toast", 200), "entry ids repeat"
    diary.delete(cake)
    assert diary.total("2024-05-01") == 1_250, f"deleted entry still counted: {diary.total('2024-05-01')}"
    assert diary.days_over_target() == [], diary.days_over_target()
    diary.log("2024-05-02", "soup", 300)
    assert diary.total("2024-05-02") == 700, f"entry after a deletion not counted: {diary.total('2024-05-02')}"


def check_disguised(m):
    mesh = m.Mesh()
    for a, b in [("r1", "r2"), ("r2", "r3"), ("r1", "r4"), ("r4", "r5"), ("r5", "r3")]:
        mesh.connect(a, b)
    assert mesh.path("r1", "r3") == ["r1", "r2", "r3"], mesh.path("r1", "r3")
    assert mesh.next_hop("r3", "r4") == "r5", mesh.next_hop("r3", "r4")
    mesh.connect("r6", "r7")
    assert mesh.path("r1", "r7") is None and mesh.path("r7", "r6") == ["r7", "r6"]
    mesh.connect("r3", "r6")
    assert mesh.path("r1", "r7") == ["r1", "r2", "r3", "r6", "r7"], mesh.path("r1", "r7")
    mesh.disconnect("r2", "r3")
    assert mesh.path("r1", "r3") == ["r1", "r4", "r5", "r3"], f"route still uses the downed link: {mesh.path('r1', 'r3')}"
    mesh.connect("r1", "r3")
    assert mesh.path("r1", "r6") == ["r1", "r3", "r6"], mesh.path("r1", "r6")
