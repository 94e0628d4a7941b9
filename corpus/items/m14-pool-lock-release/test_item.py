import threading


def _finishes(scenario, seconds=0.8):
    """Run scenario in a daemon thread; fail if it is still blocked after `seconds`."""
    outcome = {}

    def runner():
        try:
            outcome["value"] = scenario()
        except BaseException as exc:  # re-raised in the caller
            outcome["error"] = exc

    worker = threading.Thread(target=runner, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise AssertionError("a later call blocked forever: the lock was left held by an earlier call")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def check_original(module):
    opened = []

    def factory():
        opened.append(object())
        return opened[-1]

    pool = module.ConnectionPool(factory, max_size=2)

    def scenario():
        first = pool.acquire()
        pool.release(first)
        again = pool.acquire()
        assert again is first, "an idle connection should be reused"
        other = pool.acquire()
        pool.release(other)
        pool.release(again)
        return pool.stats()

    stats = _finishes(scenario)
    assert stats == {"idle": 2, "in_use": 0}, stats
    assert len(opened) == 2, opened


def check_disguised(module):
    garage = module.SpotAllocator({1: 1, 2: 2})

    def scenario():
        first = garage.park("AB-123", preferred_level=2)
        assert garage.park("AB-123") == first, "parking twice should return the same spot"
        second = garage.park("CD-456")
        garage.leave("AB-123")
        return first, second, garage.vacant_count()

    first, second, vacant = _finishes(scenario)
    assert first == (2, 1) and second == (1, 1) and vacant == 2, (first, second, vacant)
