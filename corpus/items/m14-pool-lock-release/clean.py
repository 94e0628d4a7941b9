"""Thread-safe pool of reusable database connections."""

import threading
from collections import deque


class PoolExhausted(RuntimeError):
    pass


class ConnectionPool:
    """Tracks free connections and the number of open slots under a single mutex."""

    def __init__(self, factory, max_size=5):
        if max_size < 1:
            raise ValueError("max_size must be at least 1")
        self._open = factory
        self._limit = max_size
        self._free = deque()
        self._leased = 0
        self._mutex = threading.Lock()

    def _reserve(self):
        with self._mutex:
            if self._free:
                self._leased += 1
                return True, self._free.popleft()
            if self._leased == self._limit:
                raise PoolExhausted(f"all {self._limit} connections are in use")
            self._leased += 1
            return False, None

    def acquire(self):
        reused, conn = self._reserve()
        if reused:
            return conn
        try:
            return self._open()
        except BaseException:
            with self._mutex:
                self._leased -= 1
            raise

    def release(self, conn):
        with self._mutex:
            if not self._leased:
                raise RuntimeError("release without a matching acquire")
            self._leased -= 1
            self._free.append(conn)

    def stats(self):
        with self._mutex:
            return dict(idle=len(self._free), in_use=self._leased)
