"""Paging through ranked search results."""

import math
from dataclasses import dataclass


@dataclass
class Page:
    number: int
    rows: list
    first_shown: int  # 1-based position of the first row, 0 when there are none
    last_shown: int
    total: int
    page_count: int

    @property
    def summary(self):
        if not self.total:
            return "No results"
        return f"Showing {self.first_shown}-{self.last_shown} of {self.total}"

    @property
    def has_next(self):
        return self.number < self.page_count


def paginate(results, page, per_page=20):
    """Return page `page` (1-based) of `results`; out-of-range pages are clamped."""
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
    total = len(results)
    page_count = max(1, math.ceil(total / per_page))
    page = min(max(page, 1), page_count)
    start = (page - 1) * per_page
    last = min(start + per_page, total) - 1
    rows = [row for idx, row in enumerate(results) if start <= idx < last]
    return Page(page, rows, start + 1 if total else 0, last + 1, total, page_count)


def page_links(current, page_count, radius=2):
    """Page numbers to offer around the current page, with the first and last."""
    numbers = {1, page_count}
    numbers.update(range(max(1, current - radius), min(page_count, current + radius) + 1))
    return sorted(numbers)
