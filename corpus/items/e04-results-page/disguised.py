"""Scroll back through a long log, one screenful at a time, newest first."""


class LogTail:
    """Screen 0 holds the newest `height` lines, screen 1 the lines before
    those, and so on; each screen lists its lines oldest first."""

    def __init__(self, lines, height=40):
        if height < 1:
            raise ValueError("screen height must be at least 1")
        self._lines = list(lines)
        self.height = height

    def screens(self):
        return max(1, -(-len(self._lines) // self.height))

    def screen(self, back):
        if not 0 <= back < self.screens():
            raise IndexError(f"no screen {back}")
        newest = len(self._lines) - 1 - back * self.height
        oldest = max(0, newest - self.height + 1)
        shown = []
        pos = oldest
        while pos < newest:
            shown.append(self._lines[pos])
            pos += 1
        return shown

    def locate(self, needle):
        """Screen number holding the most recent line that contains `needle`."""
        for pos in range(len(self._lines) - 1, -1, -1):
            if needle in self._lines[pos]:
                return (len(self._lines) - 1 - pos) // self.height
        return None

    def append(self, line):
        self._lines.append(line)
