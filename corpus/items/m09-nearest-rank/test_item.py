import math


def check_original(module):
    samples = [70.0, 10.0, 100.0, 40.0, 30.0, math.nan, 90.0, 20.0, 60.0, 80.0, 50.0]
    assert module.nearest_rank(samples, 50) == 50.0, "p50 of 10..100"
    assert module.nearest_rank(samples, 100) == 100.0, "p100 is the maximum"
    assert module.nearest_rank(samples, 5) == 10.0, "p5 of ten samples is the smallest"
    got = module.nearest_rank(samples, 95)
    assert got == 100.0, f"p95 of ten samples is the 10th smallest (100), got {got}"
    got = module.nearest_rank(samples, 25)
    assert got == 30.0, f"p25 of ten samples is the 3rd smallest (30), got {got}"
    got = module.nearest_rank([5.0, 1.0, 3.0], 40)
    assert got == 3.0, f"p40 of three samples is the 2nd smallest, got {got}"
    report = module.slo_report(samples, {95: 95.0, 50: 60.0})
    assert report == {50: True, 95: False}, f"p95 of 100 ms misses a 95 ms objective, got {report}"
    assert module.worst_breach(samples, {50: 60.0, 90: 95.0}) is None, "no objective breached"
    assert module.worst_breach(samples, {50: 40.0, 95: 95.0, 75: 75.0}) == 50, "largest margin"


def check_disguised(module):
    scores = {"ada": 91.0, "ben": 85.0, "cas": 78.0, "dev": 77.0, "eli": 70.0, "fay": 66.0, "gus": 50.0}
    assert module.cutoff_score(scores, 100) == 50.0, "admitting everyone"
    got = module.offers(scores, 30)
    assert got == ["ada", "ben", "cas"], f"30 % of 7 applicants rounds up to 3 offers, got {got}"
    got = module.offers(scores, 10)
    assert got == ["ada"], f"10 % of 7 applicants is one offer, got {got}"
    got = module.offers(scores, 50)
    assert got == ["ada", "ben", "cas", "dev"], f"50 % of 7 applicants rounds up to 4 offers, got {got}"
    tied = dict(scores, dev=78.0)
    got = module.offers(tied, 30)
    assert got == ["ada", "ben", "cas", "dev"], f"ties at the cutoff are admitted, got {got}"
    count, mean = module.offer_summary(scores, 30)
    assert count == 3 and abs(mean - 254.0 / 3) < 1e-9, f"wrong summary {count} {mean}"
