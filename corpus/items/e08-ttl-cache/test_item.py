def check_original(module):
    cache = module.TTLCache(ttl=10)
    cache.put("a", 1, now=0)
    got = cache.get("a", now=5)
    assert got == 1, f"entry stored at t=0 with ttl 10 read at t=5 gave {got!r}, expected 1"
    got = cache.get("a", now=12)
    assert got is None, f"entry read after its ttl gave {got!r}, expected None"
    assert cache.get("zzz", now=0, default="none") == "none", "missing key should give the default"

    calls = []
    def loader(key):
        calls.append(key)
        return key.upper()
    assert cache.get_or_load("k", loader, now=100) == "K"
    assert cache.get_or_load("k", loader, now=103) == "K"
    assert calls == ["k"], f"loader called {len(calls)} times within the ttl, expected once"
    assert cache.get_or_load("k", loader, now=130) == "K"
    assert calls == ["k", "k"], "loader should run again once the entry has expired"

    lru = module.TTLCache(ttl=100, capacity=2)
    lru.put("a", 1, 0)
    lru.put("b", 2, 1)
    assert lru.get("a", 2) == 1, "fresh entry 'a' not returned"
    lru.put("c", 3, 3)
    assert lru.get("b", 4) is None, "least recently used entry 'b' should have been evicted"
    assert lru.get("a", 4) == 1 and lru.get("c", 4) == 3, "recent entries should survive eviction"
    assert len(lru) == 2, "capacity exceeded"
    assert (lru.hits, lru.misses) == (3, 1), f"hits/misses {(lru.hits, lru.misses)}, expected (3, 1)"


def check_disguised(module):
    from datetime import date

    flag = module.Flag("new-checkout", 100, date(2024, 1, 1), date(2024, 2, 1),
                       always_on=frozenset({"qa"}), never_on=frozenset({"vip"}))
    inside, after, before = date(2024, 1, 15), date(2024, 3, 1), date(2023, 12, 31)
    assert module.is_enabled(flag, "u1", inside), "100% rollout must enable an ordinary user during its window"
    assert not module.is_enabled(flag, "u1", after), "rollout must be off after its end date"
    assert not module.is_enabled(flag, "u1", before), "rollout must be off before its start date"
    assert module.is_enabled(flag, "qa", after), "always_on users get the feature regardless of dates"
    assert not module.is_enabled(flag, "vip", inside), "never_on users never get the feature"
    users = [f"user{i}" for i in range(200)]
    half = module.Flag("half", 50, date(2024, 1, 1))
    share = len(module.enabled_users(half, users, inside))
    assert 70 <= share <= 130, f"50% rollout enabled {share} of 200 users"
    assert module.enabled_users(module.Flag("off", 0, date(2024, 1, 1)), users, inside) == [], "0% rollout"
