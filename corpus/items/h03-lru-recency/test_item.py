"""Killability check for h03-lru-recency."""


def check_original(m):
    cache = m.LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1, "stored value not returned"
    cache.put("c", 3)
    assert len(cache) == 2, f"cache of capacity 2 holds {len(cache)} entries"
    assert "a" in cache, "the entry just read was evicted"
    assert "b" not in cache, "the least recently used entry survived"
    assert cache.keys() == ["a", "c"], f"wrong recency order {cache.keys()}"
    assert cache.evictions == 1, f"expected one eviction, got {cache.evictions}"
    assert cache.get("b") is None and cache.get("b", 0) == 0, "evicted entry still returned"
    assert cache.get_or_compute("a", lambda k: 99) == 1, "cached value recomputed"
    assert cache.get_or_compute("d", str.upper) == "D", "computed value not returned"
    assert cache.keys() == ["a", "d"], f"wrong entries after compute {cache.keys()}"
    assert (cache.hits, cache.misses) == (2, 2), f"hit/miss counts {(cache.hits, cache.misses)}"
    assert cache.hit_ratio() == 0.5
    single = m.LRUCache(1)
    single.put("x", 1)
    single.put("y", 2)
    assert single.keys() == ["y"], f"capacity-1 cache holds {single.keys()}"


def check_disguised(m):
    recent = m.RecentFiles(limit=2)
    recent.remember("a.py", 10)
    recent.remember("b.py", 20)
    assert recent.reopen("a.py") == 10, "saved cursor not returned"
    recent.remember("c.py", 0)
    assert len(recent) == 2, f"a menu limited to 2 lists {len(recent)} files"
    assert recent.menu() == ["c.py", "a.py"], f"wrong menu {recent.menu()}"
    assert recent.dropped == ["b.py"], f"wrong file dropped: {recent.dropped}"
    recent.rename("a.py", "main.py")
    assert recent.menu() == ["main.py", "c.py"], f"wrong menu after rename {recent.menu()}"
    assert recent.reopen("c.py") == 0
    recent.remember("d.py", 5)
    assert recent.menu() == ["d.py", "c.py"], f"wrong menu after reopen {recent.menu()}"
    one = m.RecentFiles(limit=1)
    one.remember("x.txt")
    one.remember("y.txt")
    assert one.menu() == ["y.txt"], f"single-entry menu holds {one.menu()}"
