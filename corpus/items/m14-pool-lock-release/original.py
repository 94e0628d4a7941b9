"""Thread-safe pool of reusable database connections."""

import threading


class PoolExhausted(RuntimeError):
    pass


class ConnectionPool:
    def __init__(self, factory, max_size=5):
        if max_size < 1:
            raise ValueError("max_size must be at least 1")
        self._factory = factory
        self._max_size = max_size
        self._idle = []
        self._checked_out = 0
        self._lock = threading.Lock()

    def acquire(self):
        """Return an idle connection, or open a new one while under max_size."""
        self._lock.acquire()
        if self._idle:
            conn = self._idle.pop()
            self._checked_out += 1
            return conn
        if self._checked_out >= self._max_size:
            self._lock.release()
            raise PoolExhausted(f"all {self._max_size} connections are in use")
        self._checked_out += 1
        self._lock.release()
        # Opening a connection can be slow, so it happens outside the lock.
        try:
            return self._factory()
        except Exception:
            with self._lock:
                self._checked_out -= 1
            raise

    def release(self, conn):
        with self._lock:
            if self._checked_out == 0:
                raise RuntimeError("release without a matching acquire")
            self._checked_out -= 1
            self._idle.append(conn)

    def stats(self):
        with self._lock:
            return {"idle": len(self._idle), "in_use": self._checked_out}
