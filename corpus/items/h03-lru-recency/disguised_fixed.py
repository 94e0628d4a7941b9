"""The "Open Recent" menu of a text editor, remembering cursor positions."""


class RecentFiles:
    def __init__(self, limit=10):
        if limit < 1:
            raise ValueError("limit must be positive")
        self.limit = limit
        self._cursors = {}
        self.dropped = []

    def __len__(self):
        return len(self._cursors)

    def menu(self):
        """Paths for the menu, most recently opened first."""
        return list(reversed(self._cursors))

    def _bump(self, path):
        self._cursors[path] = self._cursors.pop(path)

    def remember(self, path, cursor=0):
        """Record that path was opened (or saved) with the given cursor."""
        if path in self._cursors:
            self._bump(path)
        elif len(self._cursors) >= self.limit:
            oldest = next(iter(self._cursors))
            del self._cursors[oldest]
            self.dropped.append(oldest)
        self._cursors[path] = cursor

    def reopen(self, path):
        """Open a file from the menu again and return where its cursor was."""
        if path not in self._cursors:
            raise KeyError(f"{path} is not in the recent list")
        self._bump(path)
        return self._cursors[path]

    def forget(self, path):
        self._cursors.pop(path, None)

    def rename(self, old, new):
        if old in self._cursors:
            cursor = self._cursors.pop(old)
            self.remember(new, cursor)
