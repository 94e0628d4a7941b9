def check_original(module):
    policy = module.RetryPolicy(base_delay=0.5, max_delay=30.0, max_attempts=6)
    got = [policy.delay(n) for n in range(8)]
    want = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
    assert got == want, f"delays {got}, expected {want}"
    assert policy.schedule() == want[:5], f"schedule {policy.schedule()}"
    assert policy.total_wait() == 15.5, f"total wait {policy.total_wait()}"

    waits = []
    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 4:
            raise ConnectionError("down")
        return "ok"

    assert module.call_with_retry(flaky, policy, waits.append) == "ok"
    assert waits == [0.5, 1.0, 2.0], f"waits before success {waits}"

    def dead():
        raise TimeoutError("slow")

    waits.clear()
    try:
        module.call_with_retry(dead, module.RetryPolicy(1.0, 5.0, 5), waits.append)
    except module.RetriesExhausted:
        pass
    else:
        raise AssertionError("expected RetriesExhausted")
    assert waits == [1.0, 2.0, 4.0, 5.0], f"waits when all attempts fail {waits}"


def check_disguised(module):
    c = module.Culture("K12", inoculum=1000.0, doubling_minutes=20.0, ceiling=1e9)
    assert c.cells_at(0) == 1000.0, f"cells at t=0: {c.cells_at(0)}"
    assert c.cells_at(20) == 2000.0, f"cells after one doubling: {c.cells_at(20)}"
    assert c.cells_at(60) == 8000.0, f"cells after three doublings: {c.cells_at(60)}"
    assert c.cells_at(10000) == 1e9, "culture should saturate at the ceiling"
    assert c.minutes_to_reach(16000) == 80, f"minutes to 16000 cells: {c.minutes_to_reach(16000)}"
    slow = module.Culture("slow", inoculum=1000.0, doubling_minutes=30.0, ceiling=1e9)
    assert module.fastest([slow, c], 64000) == "K12"
