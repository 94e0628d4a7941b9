"""Grouping of a record stream into bounded batches for bulk writes."""


class Batcher:
    """Cuts a record stream into lists of at most max_items records and, when
    max_bytes is set, at most max_bytes by size_of (an oversized record goes alone)."""

    def __init__(self, max_items=100, max_bytes=None, size_of=len):
        if max_items < 1:
            raise ValueError("max_items must be positive")
        self.max_items = max_items
        self.max_bytes = max_bytes
        self.size_of = size_of
        self.batches_emitted = 0
        self.records_emitted = 0
        self.exhausted = False

    def _weight(self, record):
        return 0 if self.max_bytes is None else self.size_of(record)

    def _fits(self, group, load, extra):
        if not group:
            return True
        within_bytes = self.max_bytes is None or load + extra <= self.max_bytes
        return len(group) < self.max_items and within_bytes

    def _groups(self, records):
        group, load = [], 0
        for record in records:
            extra = self._weight(record)
            if not self._fits(group, load, extra):
                yield group
                group, load = [], 0
            group.append(record)
            load += extra
        yield group

    def batches(self, records):
        """Yield non-empty batches in input order, the last one possibly short; then set `exhausted`."""
        for group in filter(None, self._groups(records)):
            self.batches_emitted += 1
            self.records_emitted += len(group)
            yield group
        self.exhausted = True
