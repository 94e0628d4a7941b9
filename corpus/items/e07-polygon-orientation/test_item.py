def _close(a, b):
    return abs(a - b) < 1e-9


def check_original(module):
    ccw = [(0, 0), (4, 0), (4, 3), (0, 3)]
    cw = ccw[::-1]
    got = module.signed_area(ccw)
    assert _close(got, 12.0), f"signed area of a counter-clockwise 4x3 rectangle is {got}, expected +12"
    assert _close(module.signed_area(cw), -12.0), "clockwise rectangle should have signed area -12"
    assert _close(module.area(cw), 12.0), "unsigned area of the rectangle"
    assert module.is_counter_clockwise(ccw), "counter-clockwise rectangle not recognised"
    assert not module.is_counter_clockwise(cw), "clockwise rectangle reported counter-clockwise"
    assert module.as_counter_clockwise(cw) == ccw, "clockwise outline should be reversed"
    assert module.as_counter_clockwise(ccw) == ccw, "counter-clockwise outline should be kept"
    cx, cy = module.centroid([(0, 0), (6, 0), (0, 3)])
    assert _close(cx, 2.0) and _close(cy, 1.0), f"triangle centroid ({cx}, {cy}), expected (2, 1)"
    ell = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]
    cx, cy = module.centroid(ell)
    assert _close(cx, 5 / 6) and _close(cy, 5 / 6), f"L-shape centroid ({cx}, {cy}), expected (5/6, 5/6)"


def check_disguised(module):
    import math

    even = module.Quadrat("Q1", [("oak", 5), ("ash", 5)])
    h = even.shannon()
    assert _close(h, math.log(2)), f"Shannon index of two equally common species is {h}, expected ln 2 = 0.693"
    assert _close(even.evenness(), 1.0), f"evenness of two equally common species is {even.evenness()}, expected 1"
    assert _close(even.effective_species(), 2.0), f"effective species {even.effective_species()}, expected 2"
    mono = module.Quadrat("Q2", [("heather", 40)])
    assert _close(mono.shannon(), 0.0), f"single-species quadrat has index {mono.shannon()}, expected 0"
    skewed = module.Quadrat("Q3")
    for species, n in [("grass", 90), ("clover", 5), ("sorrel", 5), ("thistle", 0)]:
        skewed.record(species, n)
    assert skewed.richness() == 3, f"richness {skewed.richness()}, expected 3"
    hs = skewed.shannon()
    assert 0.0 < hs < math.log(3), f"index of a grass-dominated quadrat is {hs}, expected between 0 and ln 3"
    assert module.most_diverse([mono, skewed, even]) is even, "the evenly mixed quadrat is the most diverse"
    try:
        module.Quadrat("Q4").shannon()
    except ValueError:
        pass
    else:
        raise AssertionError("an empty quadrat has no diversity index")
