def check_original(module):
    signal = [1, 5, 2, 6, 7, 3]
    got = module.count_crossings(signal, 4)
    assert got == {"rising": 2, "falling": 2}, f"crossings of 4 in {signal}: {got}, expected 2 rising, 2 falling"
    got = module.count_crossings([0, 10], 4)
    assert got == {"rising": 1, "falling": 0}, f"two-sample rise counted as {got}"
    got = module.count_crossings([3, None, 5, 6, 2], 4)
    assert got == {"rising": 0, "falling": 1}, f"signal with a dropout: {got}, expected 1 falling"
    assert module.count_crossings([7], 4) == {"rising": 0, "falling": 0}, "a single sample has no crossings"
    rate = module.crossing_rate(signal, 4, 10)
    assert abs(rate - 8.0) < 1e-9, f"crossing rate {rate}/s, expected 8.0"
    assert module.alarm_state(signal, 4) == "steady", "as many falls as rises should be 'steady'"
    assert module.alarm_state([2, 9, 1, 8], 4) == "high", "two rises and one fall should be 'high'"


def check_disguised(module):
    text = "The cat sat on the mat; the cat ran."
    pairs = module.transitions(text)
    assert pairs[("the", "cat")] == 2, "'the cat' occurs twice"
    assert pairs[("cat", "ran")] == 1, f"final pair 'cat ran' counted {pairs[('cat', 'ran')]} times, expected 1"
    assert sum(pairs.values()) == 8, f"{sum(pairs.values())} transitions in a 9-word text, expected 8"
    assert module.transitions("hello world") == {("hello", "world"): 1}, "two-word text has one transition"
    assert module.likeliest_next(text, "cat") == "ran", "'cat' is followed by 'sat' and 'ran' equally; tie goes to 'ran'"
    follow = module.successors(text)["the"]
    assert follow == {"cat": 2 / 3, "mat": 1 / 3}, f"successors of 'the': {follow}"
