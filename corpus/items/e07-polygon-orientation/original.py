"""Simple-polygon helpers for 2-D outlines given as lists of (x, y) vertices."""


def _edges(poly):
    """Consecutive vertex pairs, closing the ring back to the first vertex."""
    return zip(poly, poly[1:] + poly[:1])


def signed_area(poly):
    """Signed area: positive when the vertices run counter-clockwise.

    Uses the trapezoid form of the shoelace formula, which sums the areas
    of the trapezoids between each edge and the x-axis.
    """
    if len(poly) < 3:
        raise ValueError("a polygon needs at least three vertices")
    total = sum((x2 - x1) * (y2 + y1) for (x1, y1), (x2, y2) in _edges(poly))
    return total / 2


def area(poly):
    return abs(signed_area(poly))


def is_counter_clockwise(poly):
    return signed_area(poly) > 0


def as_counter_clockwise(poly):
    """The same outline with its vertices in counter-clockwise order."""
    poly = list(poly)
    return poly if is_counter_clockwise(poly) else poly[::-1]


def centroid(poly):
    """Centre of mass of the polygon's surface."""
    a = signed_area(poly)
    cx = cy = 0.0
    for (x1, y1), (x2, y2) in _edges(poly):
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return cx / (6 * a), cy / (6 * a)
