"""Result pages for a ranked search listing."""


class Page:
    def __init__(self, number, rows, first_shown, last_shown, total, page_count):
        self.number = number
        self.rows = rows
        self.first_shown = first_shown
        self.last_shown = last_shown
        self.total = total
        self.page_count = page_count

    @property
    def summary(self):
        return f"Showing {self.first_shown}-{self.last_shown} of {self.total}" if self.total else "No results"

    @property
    def has_next(self):
        return self.page_count > self.number


def _count_pages(total, size):
    full, partial = divmod(total, size)
    return max(full + (partial > 0), 1)


def paginate(results, page, per_page=20):
    """Page number `page` (from 1) of `results`; out-of-range numbers are clamped."""
    if per_page <= 0:
        raise ValueError("per_page must be at least 1")
    pages = _count_pages(len(results), per_page)
    number = sorted((1, page, pages))[1]
    offset = (number - 1) * per_page
    chunk = list(results[offset:offset + per_page])
    first = offset + 1 if chunk else 0
    return Page(number, chunk, first, offset + len(chunk), len(results), pages)


def page_links(current, page_count, radius=2):
    """Sorted page numbers within `radius` of the current page, plus the first and last."""
    window = [n for n in range(current - radius, current + radius + 1) if 1 <= n <= page_count]
    return sorted(set(window) | {1, page_count})
