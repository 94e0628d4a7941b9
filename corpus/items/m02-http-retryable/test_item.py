def check_original(module):
    assert module.is_retryable("GET", 503), "a 503 on GET must be retried"
    assert module.is_retryable("get", 500), "a 500 on GET must be retried"
    assert module.is_retryable("PUT", 429), "a 429 on PUT must be retried"
    assert not module.is_retryable("GET", 404), "a 404 must not be retried"
    assert not module.is_retryable("GET", 400), "a 400 must not be retried"
    assert not module.is_retryable("POST", 503), "a POST must not be retried"
    assert module.retry_delay("GET", 502, 1) == 0.5, "first backoff must be BASE_DELAY"
    assert module.retry_delay("GET", 502, 3) == 2.0, "third backoff must be 4 x BASE_DELAY"
    assert module.retry_delay("GET", 429, 1, retry_after=7) == 7.0, "Retry-After must be honoured"
    assert module.retry_delay("GET", 429, 1, retry_after=900) == 120.0, "Retry-After must be capped"
    assert module.retry_delay("GET", 503, 5) is None, "attempts must be limited"
    assert module.retry_delay("GET", 401, 1) is None, "client errors must not be retried"
    assert module.total_backoff("GET", 500) == 7.5, "worst-case backoff must be 0.5+1+2+4"
    assert module.total_backoff("GET", 403) == 0.0, "no wait for a non-retryable status"


def check_disguised(module):
    Obs = module.Observation
    assert module.triage(Obs("a", 80, 120, 98, pain=2)) == 5, "a stable patient with little pain is priority 5"
    assert module.triage(Obs("b", 80, 120, 98, pain=8)) == 3, "severe pain alone is priority 3"
    assert module.triage(Obs("c", 70, 70, 97)) == 1, "shock is priority 1"
    assert module.triage(Obs("d", 88, 125, 86)) == 2, "low saturation with a normal pulse must be priority 2"
    assert module.triage(Obs("e", 140, 130, 97)) == 2, "a racing pulse with normal saturation must be priority 2"
    assert module.triage(Obs("f", 135, 130, 85)) == 2, "low saturation and racing pulse is priority 2"
    order = module.queue_order([Obs("p1", 80, 120, 98, pain=5), Obs("p2", 75, 118, 88), Obs("p3", 60, 100, 99, responsive=False)])
    assert order == ["p3", "p2", "p1"], f"wrong queue order {order}"
