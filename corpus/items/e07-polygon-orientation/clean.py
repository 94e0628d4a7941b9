"""Area, winding order and centroid of simple polygons."""


def _cross_terms(poly):
    """x_i * y_(i+1) - x_(i+1) * y_i for every edge of the closed ring."""
    n = len(poly)
    return [poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n)]


def signed_area(poly):
    """Shoelace area: positive when the vertices run counter-clockwise, negative
    when they run clockwise; ValueError for fewer than three vertices."""
    if len(poly) < 3:
        raise ValueError("a polygon needs at least three vertices")
    return 0.5 * sum(_cross_terms(poly))


def area(poly):
    """Unsigned area, whatever the winding order."""
    return abs(signed_area(poly))


def is_counter_clockwise(poly):
    return signed_area(poly) > 0


def as_counter_clockwise(poly):
    """A copy of the outline with its vertices in counter-clockwise order."""
    vertices = list(poly)
    if signed_area(vertices) < 0:
        vertices.reverse()
    return vertices


def centroid(poly):
    """Area-weighted mean of the centroids of a triangle fan from vertex 0."""
    ox, oy = poly[0]
    weight = sx = sy = 0.0
    for (bx, by), (cx, cy) in zip(poly[1:-1], poly[2:]):
        w = ((bx - ox) * (cy - oy) - (cx - ox) * (by - oy)) / 2
        weight += w
        sx += w * (ox + bx + cx) / 3
        sy += w * (oy + by + cy) / 3
    return sx / weight, sy / weight
