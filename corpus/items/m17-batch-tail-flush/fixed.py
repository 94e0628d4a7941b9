"""Grouping of a record stream into bounded batches for bulk writes."""


class Batcher:
    """Splits an iterable into lists of at most max_items records and, where a record fits, max_bytes total size."""

    def __init__(self, max_items=100, max_bytes=None, size_of=len):
        if max_items < 1:
            raise ValueError("max_items must be positive")
        self.max_items = max_items
        self.max_bytes = max_bytes
        self.size_of = size_of
        self.batches_emitted = 0
        self.records_emitted = 0
        self.exhausted = False

    def _is_full(self, batch, used, incoming):
        if len(batch) >= self.max_items:
            return True
        return self.max_bytes is not None and used + incoming > self.max_bytes

    def _emit(self, batch):
        self.batches_emitted += 1
        self.records_emitted += len(batch)
        return batch

    def batches(self, records):
        """Yield lists of records in input order; sets `exhausted` once the input is used up."""
        batch, used = [], 0
        for record in records:
            size = self.size_of(record) if self.max_bytes is not None else 0
            if batch and self._is_full(batch, used, size):
                yield self._emit(batch)
                batch, used = [], 0
            batch.append(record)
            used += size
        if batch:
            yield self._emit(batch)
        self.exhausted = True
