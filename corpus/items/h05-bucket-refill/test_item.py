"""Killability check for h05-bucket-refill."""


def check_original(m):
    bucket = m.TokenBucket(5, 2.0, now=0.0)
    burst = [bucket.try_acquire(0.0) for _ in range(6)]
    assert burst == [True] * 5 + [False], f"burst of six at t=0 gave {burst}"
    assert bucket.available(0.0) == 0.0
    assert bucket.available(0.5) == 1.0, f"after 0.5 s at 2/s expected 1 token, got {bucket.available(0.5)}"
    again = [bucket.try_acquire(1.0) for _ in range(3)]
    assert again == [True, True, False], f"after 1 s at 2/s expected two grants, got {again}"
    assert bucket.wait_time(1.0) == 0.5, f"wait for one token should be 0.5 s, got {bucket.wait_time(1.0)}"
    assert bucket.available(100.0) == 5.0, f"idle bucket should hold capacity 5, got {bucket.available(100.0)}"
    assert bucket.try_acquire(100.0, cost=5) and not bucket.try_acquire(100.0), "capacity not enforced"
    slow = m.TokenBucket(4, 0.5, now=10.0)
    assert slow.try_acquire(10.0, cost=4)
    assert slow.available(12.0) == 1.0, f"after 2 s at 0.5/s expected 1 token, got {slow.available(12.0)}"
    try:
        slow.try_acquire(12.0, cost=5)
    except ValueError:
        pass
    else:
        raise AssertionError("a cost above the capacity was accepted")


def check_disguised(m):
    tank = m.Cistern(50, 2.0, minute=0)
    assert tank.draw(0, 40) and tank.draw(0, 10), "a full tank refused 50 litres"
    assert not tank.draw(0, 1), "an empty tank delivered water"
    assert tank.level(3) == 6.0, f"after 3 min at 2 l/min expected 6 l, got {tank.level(3)}"
    assert tank.draw(5, 10) and not tank.draw(5, 1), "tank delivered more than the inflow supplied"
    assert tank.minutes_until(5, 4) == 2.0, f"expected 2 minutes to collect 4 l, got {tank.minutes_until(5, 4)}"
    assert tank.level(100) == 50.0, f"an idle tank should hold its volume of 50 l, got {tank.level(100)}"
    assert tank.spilled == 140.0, f"expected 140 l spilled over the rim, got {tank.spilled}"
    slow = m.Cistern(8, 0.5, minute=0)
    assert slow.draw(0, 8)
    assert slow.level(4) == 2.0, f"after 4 min at 0.5 l/min expected 2 l, got {slow.level(4)}"
