from datetime import date, datetime


def check_original(module):
    assert module.is_open(datetime(2024, 3, 4, 10, 0)), "Monday 10:00 is within opening hours"
    assert module.is_open(datetime(2024, 3, 4, 9, 0)), "Monday 09:00 is within opening hours"
    assert not module.is_open(datetime(2024, 3, 4, 17, 0)), "Monday 17:00 is after closing"
    assert not module.is_open(datetime(2024, 3, 4, 22, 0)), "Monday 22:00 is after closing"
    assert not module.is_open(datetime(2024, 3, 2, 11, 0)), "Saturday 11:00 is closed"
    assert not module.is_open(datetime(2024, 3, 4, 10, 0), frozenset({date(2024, 3, 4)})), "holidays are closed"
    got = module.response_deadline(datetime(2024, 3, 4, 10, 0), 3)
    assert got == datetime(2024, 3, 4, 13, 0), f"3 business hours from Monday 10:00 end 13:00, got {got}"
    got = module.response_deadline(datetime(2024, 3, 1, 16, 30), 2)
    assert got == datetime(2024, 3, 4, 11, 0), f"2 business hours from Friday 16:30 end Monday 11:00, got {got}"
    got = module.response_deadline(datetime(2024, 3, 1, 16, 30), 2, frozenset({date(2024, 3, 4)}))
    assert got == datetime(2024, 3, 5, 11, 0), f"a Monday holiday pushes the deadline to Tuesday, got {got}"


def check_disguised(module):
    assert module.controlled(datetime(2024, 3, 4, 9, 0)), "Monday 09:00 is controlled"
    assert module.controlled(datetime(2024, 3, 2, 12, 0)), "Saturday noon is controlled"
    assert not module.controlled(datetime(2024, 3, 3, 12, 0)), "Sunday is not controlled"
    assert not module.controlled(datetime(2024, 3, 4, 19, 0)), "Monday 19:00 is not controlled"
    got = module.stay_charge(datetime(2024, 3, 3, 10, 0), 60)
    assert got == 0.0, f"Sunday parking is free, got {got}"
    got = module.stay_charge(datetime(2024, 3, 4, 17, 30), 60)
    assert got == 1.8, f"only the two quarters before 18:00 are charged, got {got}"
    got = module.stay_charge(datetime(2024, 3, 4, 7, 30), 60)
    assert got == 1.8, f"only the two quarters after 08:00 are charged, got {got}"
    assert module.stay_charge(datetime(2024, 3, 4, 10, 0), 60, resident=True) == 0.0, "residents park free"
    got = module.free_until(datetime(2024, 3, 3, 20, 0))
    assert got == datetime(2024, 3, 4, 8, 0), f"Sunday evening is free until Monday 08:00, got {got}"
    assert module.free_until(datetime(2024, 3, 4, 9, 0)) is None, "Monday 09:00 is already controlled"
