"""Killability check for h08-retry-deadletter."""


def _run(m, errors, max_attempts=3, result="ok"):
    """Call request() against a fake upstream that raises errors in order, then answers."""
    calls, sleeps = [], []

    def send(payload):
        calls.append(payload)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]
        return result

    client = m.RetryingClient(send, max_attempts=max_attempts, backoff=0.2, sleep=sleeps.append)
    try:
        outcome = client.request("ping")
    except m.ServiceError as err:
        outcome = ("failed", err.status)
    return outcome, len(calls), sleeps


def check_original(m):
    outcome, n, sleeps = _run(m, [m.ServiceError(503)] * 10)
    assert n == 3, f"a persistent 503 was attempted {n} times with max_attempts=3"
    assert outcome == ("failed", 503) and sleeps == [0.2, 0.4], (outcome, sleeps)
    outcome, n, sleeps = _run(m, [m.ServiceError(429, retry_after=2)] * 10)
    assert n == 3, f"a persistent 429 was attempted {n} times with max_attempts=3"
    assert sleeps == [2.0, 2.0], f"Retry-After not honoured: {sleeps}"
    outcome, n, _ = _run(m, [m.ServiceError(500, retry_after=1)] * 10)
    assert n == 3, f"a 500 with Retry-After was attempted {n} times"
    outcome, n, sleeps = _run(m, [m.ServiceError(404)] * 10)
    assert (outcome, n, sleeps) == (("failed", 404), 1, []), "a 404 was retried"
    outcome, n, sleeps = _run(m, [m.ServiceError(502), m.ServiceError(504)])
    assert (outcome, n, sleeps) == ("ok", 3, [0.2, 0.4]), f"flaky upstream gave {(outcome, n, sleeps)}"
    outcome, n, sleeps = _run(m, [m.ServiceError(503)] * 10, max_attempts=1)
    assert (n, sleeps) == (1, []), f"max_attempts=1 made {n} attempts"


def _consume(m, failures, max_deliveries=3):
    seen = []

    def handler(body):
        seen.append(body)
        if body in failures:
            raise failures[body]
        return body.upper()

    consumer = m.Consumer(handler, max_deliveries=max_deliveries)
    for body in ("a", "b", "c", "d"):
        consumer.publish(body)
    consumer.drain()
    return consumer, seen


def check_disguised(m):
    failures = {
        "a": m.HandlerError("timeout"),
        "b": m.HandlerError("bad-json"),
        "c": m.HandlerError("conflict", requeue=True),
    }
    consumer, seen = _consume(m, failures)
    assert seen.count("a") == 3, f"a timing-out message was delivered {seen.count('a')} times, max is 3"
    assert seen.count("b") == 1, "a permanently bad message was redelivered"
    assert seen.count("c") == 3, f"a message nacked with requeue was delivered {seen.count('c')} times"
    assert consumer.results == ["D"], f"results {consumer.results}"
    dead = sorted(consumer.dead_letters)
    assert dead == [("a", 3, "timeout"), ("b", 1, "bad-json"), ("c", 3, "conflict")], f"dead letters {dead}"
    consumer, seen = _consume(m, {"a": m.HandlerError("throttled")}, max_deliveries=1)
    assert seen.count("a") == 1 and consumer.dead_letters == [("a", 1, "throttled")], \
        "max_deliveries=1 still redelivered"
