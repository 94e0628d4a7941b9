def pick(best, candidate, items, i):
    # ruleid: compare-to-self
    if candidate == candidate:
        best = candidate
    # ruleid: compare-to-self
    if items[i] < items[i]:
        items[i] = best
    # ruleid: compare-to-self
    return best.score >= best.score


def other(a, b, it):
    # ok: compare-to-self
    if a == b:
        return a
    # ok: compare-to-self
    if next(it) == next(it):
        return b
    # ok: compare-to-self
    is_nan = a != a
    return is_nan


def test_eq_is_reflexive(obj):
    # ok: compare-to-self
    assert obj == obj
