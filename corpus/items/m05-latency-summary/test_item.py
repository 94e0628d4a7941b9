def check_original(module):
    s = module.summarize([30.0, 10.0, 20.0, 40.0])
    assert (s.count, s.mean_ms, s.median_ms, s.min_ms, s.max_ms) == (4, 25.0, 25.0, 10.0, 40.0), f"wrong summary {s}"
    s = module.summarize(iter([7.0, 3.0, 5.0]))
    assert (s.count, s.median_ms, s.min_ms) == (3, 5.0, 3.0), f"wrong summary {s}"
    s = module.summarize([])
    assert (s.count, s.mean_ms, s.median_ms, s.min_ms, s.max_ms) == (0, 0.0, 0.0, 0.0, 0.0), \
        f"an empty window must be summarized as zeros, got {s}"
    rows = module.dashboard_rows([[12.0], []])
    assert rows[1] == {"count": 0.0, "mean_ms": 0.0, "median_ms": 0.0, "min_ms": 0.0, "max_ms": 0.0}, \
        f"an empty window must give a zero row, got {rows}"


def check_disguised(module):
    roster = ["ana", "ben", "cai"]
    rep = module.attendance_report(roster, [{"ana", "ben"}, {"ana", "zed"}, {"ana", "ben", "cai"}, {"ana", "ben"}])
    assert rep.sessions_held == 4, f"wrong session count {rep}"
    assert rep.rates == {"ana": 1.0, "ben": 0.75, "cai": 0.25}, f"wrong rates {rep.rates}"
    assert rep.class_average == 2.0 / 3.0, f"wrong average {rep.class_average}"
    assert rep.concerns == ["ben", "cai"], f"wrong concerns {rep.concerns}"
    rep = module.attendance_report(roster, [])
    assert rep.sessions_held == 0 and rep.class_average is None, f"before the first session: {rep}"
    assert rep.rates == {"ana": None, "ben": None, "cai": None}, f"rates must be None before any session: {rep.rates}"
    assert rep.concerns == [], "nobody is a concern before any session"
    assert module.format_rate(None) == "n/a" and module.format_rate(0.5) == "50%", "rate formatting"
