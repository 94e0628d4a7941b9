def check_original(module):
    users = [f"u{n:02d}" for n in range(7)]
    mapping = module.shard_map(users, 3)
    want = {"u00": 0, "u01": 1, "u02": 2, "u03": 0, "u04": 1, "u05": 2, "u06": 0}
    assert mapping == want, f"shard_map gave {mapping}"
    assert module.shard_load(mapping, 3) == [3, 2, 2], f"load {module.shard_load(mapping, 3)}"
    assert module.users_on(mapping, 1) == ["u01", "u04"]
    rotated = module.shard_map(users[:4], 3, offset=2)
    assert rotated == {"u00": 2, "u01": 0, "u02": 1, "u03": 2}, f"offset mapping {rotated}"
    assert all(0 <= s < 4 for s in module.shard_map(users * 3, 4).values()), "shard number out of range"
    moves = module.migration_plan(module.shard_map(users, 3), module.shard_map(users, 2))
    assert moves == {"u02": (2, 0), "u03": (0, 1), "u04": (1, 0), "u05": (2, 1)}, f"migration plan {moves}"


def check_disguised(module):
    households = [["Ann", "Bob"], ["Cy"], ["Dee", "Eli", "Fay"], ["Gus"]]
    chart = module.seating_chart(households, 3)
    want = {
        "Ann": (1, 1), "Bob": (1, 2), "Cy": (1, 3),
        "Dee": (2, 1), "Eli": (2, 2), "Fay": (2, 3),
        "Gus": (3, 1),
    }
    assert chart == want, f"seating chart {chart}"
    positions = list(chart.values())
    assert len(set(positions)) == len(positions), "two guests share a chair"
    assert module.tables_needed(households, 3) == 3
    cards = module.place_cards(module.seating_chart([["Ann", "Bob"]], 8, first_table=4))
    assert cards == ["Table 4, seat 1: Ann", "Table 4, seat 2: Bob"], f"place cards {cards}"
