def check_original(module):
    lim = module.FixedWindowLimiter(limit=3, window_seconds=60)
    got = [lim.allow("alice", t) for t in (0, 1, 2, 3, 59)]
    assert got == [True, True, True, False, False], f"admissions in one window: {got}"
    assert lim.remaining("alice", 30) == 0
    assert lim.retry_after("alice", 45) == 15, f"retry_after {lim.retry_after('alice', 45)}"
    assert lim.allow("bob", 10) is True, "other clients have their own budget"
    assert lim.remaining("bob", 10) == 2
    got = [lim.allow("alice", t) for t in (60, 61, 62, 63)]
    assert got == [True, True, True, False], f"admissions in the next window: {got}"
    one = module.FixedWindowLimiter(limit=1, window_seconds=1)
    assert one.allow("c", 0.2) and not one.allow("c", 0.7), "limit of 1 admitted a second request"
    assert one.headers("c", 0.9) == {"X-RateLimit-Limit": "1", "X-RateLimit-Remaining": "0"}


def check_disguised(module):
    office = module.BoxOffice({"floor": 3, "balcony": 2})
    first = office.purchase("ann", "floor", 2)
    assert first == ["FLOOR-0001", "FLOOR-0002"], first
    second = office.purchase("bob", "floor", 2)
    assert second == ["FLOOR-0003"], f"only one floor ticket was left, got {second}"
    assert office.waitlist == [("bob", "floor")], office.waitlist
    assert office.seats_left("floor") == 0, office.seats_left("floor")
    assert office.sold_out() == ["floor"]
    assert office.purchase("cy", "balcony", 3) == ["BALCONY-0001", "BALCONY-0002"]
    assert office.attendees("floor") == ["ann", "bob"]
