"""Killability check for h04-room-organiser."""


def _refused(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type:
        return True
    return False


def check_original(m):
    s = m.Scheduler(["Oak", "Elm"])
    s.book("standup", "Oak", "alice", 540, 600)
    assert s.is_free("Oak", "bob", 600, 660), "a meeting starting when the previous one ends is refused"
    s.book("review", "Oak", "bob", 600, 660)
    assert _refused(m.SchedulingError, s.book, "planning", "Oak", "carol", 570, 630), \
        "a room was double-booked by a second organiser"
    assert _refused(m.SchedulingError, s.book, "1:1", "Elm", "alice", 560, 580), \
        "an organiser was booked into two rooms at once"
    assert s.is_free("Elm", "alice", 600, 630), "organiser cannot start a meeting right after her last one"
    s.book("sync", "Elm", "alice", 600, 630)
    assert s.suggest_room("dave", 540, 600) == "Elm", "suggested room ignores the Oak booking"
    assert s.suggest_room("dave", 610, 620) is None, "suggested a room that is occupied"
    assert s.suggest_room("alice", 660, 700) == "Oak", "suggestion ignores a free slot after a meeting"
    assert [x.title for x in s.agenda("alice")] == ["standup", "sync"]
    assert not s.is_free("Oak", "erin", 1070, 1090), "a meeting past the end of the day was accepted"


def check_disguised(m):
    st = m.Station(["1", "2"])
    st.assign("IC 101", "1", "U7", 600, 610)
    assert st.can_assign("1", "U9", 610, 620), "a train arriving as the previous one departs is refused"
    st.assign("RE 5", "1", "U9", 610, 620)
    assert _refused(m.PlatformClash, st.assign, "S 3", "1", "U4", 605, 615), \
        "two trains were put on one platform at once"
    assert _refused(m.PlatformClash, st.assign, "IC 101a", "2", "U7", 605, 608), \
        "one train unit was put on two platforms at once"
    assert st.can_assign("2", "U7", 610, 625), "a unit cannot use a platform right after leaving another"
    st.assign("IC 102", "2", "U7", 610, 625)
    assert st.first_platform("U1", 600, 610) == "2", "first platform ignores the booked one"
    assert st.first_platform("U1", 612, 618) is None, "offered an occupied platform"
    assert st.first_platform("U9", 620, 630) == "1", "platform not offered right after the unit leaves it"
    assert st.occupancy("1") == [(600, 610, "IC 101"), (610, 620, "RE 5")]
