def check_original(module):
    assert module.get_setting("db_pool_size") == 5
    got = module.get_setting("db_pool_size", "production")
    assert got == 20, f"production profile value ignored: got {got!r}, expected 20"
    got = module.get_setting("log_level", "test")
    assert got == "DEBUG", f"test profile value ignored: got {got!r}"
    assert module.get_setting("debug", "test") is True
    assert module.get_setting("request_timeout", "staging") == 60.0
    assert module.get_setting("cache_ttl", "production", overrides={"cache_ttl": "5"}) == 5
    assert module.get_setting("log_level", "staging") == "INFO"
    every = module.resolve_all("staging")
    assert every["db_pool_size"] == 10 and every["request_timeout"] == 60.0, every


def check_disguised(module):
    got = module.marginal_rate(50_000)
    assert got == 0.22, f"bracket rate not returned: got {got!r}, expected 0.22"
    assert module.marginal_rate(10_000) == 0.10, module.marginal_rate(10_000)
    assert module.marginal_rate(60_000, "joint", region="metro") == 0.135
    assert module.marginal_rate(1_000_000) == 0.37
    assert module.marginal_rate(1_000_000, region="metro") == 0.38
