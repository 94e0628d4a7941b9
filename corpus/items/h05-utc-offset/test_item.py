"""Killability check for h05-utc-offset.

Killing input: a timestamp without an offset at a site whose zone is not UTC,
e.g. "2024-03-01T09:30" at a UTC+01:00 site. The sign of a parsed offset is
inverted (`!=`) and the offset is then added instead of subtracted, so the two
cancel for every timestamp that carries "+HH:MM" or "-HH:MM" (and "Z" is 0
either way); the site's offset is taken as configured, never goes through
the inverted parse, and is added to the local time. The disguise writes out
a part for an unmarked clarinet part the same way.
"""
from datetime import datetime


def check_original(m):
    clock = m.SiteClock(60)
    assert clock.to_utc("2024-03-01T09:30+05:30") == datetime(2024, 3, 1, 4, 0), \
        f"+05:30 gave {clock.to_utc('2024-03-01T09:30+05:30')}"
    assert clock.to_utc("2024-03-01T09:30-08:00") == datetime(2024, 3, 1, 17, 30), \
        f"-08:00 gave {clock.to_utc('2024-03-01T09:30-08:00')}"
    assert clock.to_utc("2024-03-01T23:45Z") == datetime(2024, 3, 1, 23, 45)
    stamps = ["2024-03-01T10:00+02:00", "2024-03-01T01:00-05:00", "2024-03-01T07:30Z"]
    assert clock.ordered(stamps) == [stamps[1], stamps[2], stamps[0]], clock.ordered(stamps)
    gap = clock.minutes_between("2024-03-01T09:00+01:00", "2024-03-01T09:00-01:00")
    assert gap == 120, f"expected 120 minutes between the two stamps, got {gap}"
    got = clock.to_utc("2024-03-01T09:30")
    assert got == datetime(2024, 3, 1, 8, 30), f"a site-local 09:30 at UTC+1 gave {got}"


def check_disguised(m):
    tune = [60, 62, 64, 65, 67]
    assert m.write_part(tune, "flute") == tune
    assert m.write_part(tune, "clarinet", "+2") == [62, 64, 66, 67, 69]
    assert m.write_part(tune, "guitar", "-12") == [48, 50, 52, 53, 55]
    assert m.part_sheet(tune, "horn", "+7") == "G4 A4 B4 C5 D5", m.part_sheet(tune, "horn", "+7")
    assert m.part_sheet([70], "alto sax", "9") == "G5"
    for bad in ("+", "2b", "+-3"):
        try:
            m.write_part(tune, "oboe", bad)
        except ValueError:
            continue
        raise AssertionError(f"marking {bad!r} was accepted")
    got = m.write_part(tune, "clarinet")
    assert got == [62, 64, 66, 67, 69], f"an unmarked clarinet part came out as {got}"
