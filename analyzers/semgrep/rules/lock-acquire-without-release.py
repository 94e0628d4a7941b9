import threading

_lock = threading.Lock()
_counts = {}


def increment(key):
    # ruleid: lock-acquire-without-release
    _lock.acquire()
    _counts[key] = _counts.get(key, 0) + 1
    _lock.release()


def try_increment(key, lock):
    # ruleid: lock-acquire-without-release
    if lock.acquire(timeout=1):
        _counts[key] = _counts.get(key, 0) + 1
        lock.release()


def increment_ok(key):
    # ok: lock-acquire-without-release
    _lock.acquire()
    try:
        _counts[key] = _counts.get(key, 0) + 1
    finally:
        _lock.release()


def try_increment_ok(key, lock):
    # ok: lock-acquire-without-release
    if not lock.acquire(blocking=False):
        return False
    try:
        _counts[key] = _counts.get(key, 0) + 1
    finally:
        lock.release()
    return True


async def query(pool, sql):
    # ok: lock-acquire-without-release
    async with pool.acquire() as conn:
        return await conn.fetch(sql)


class Guard:
    def __init__(self, lock):
        self.lock = lock

    def __enter__(self):
        # ok: lock-acquire-without-release
        self.lock.acquire()
        return self

    def __exit__(self, *exc):
        self.lock.release()


def flush(queue, lock, write):
    # ok: lock-acquire-without-release
    while queue and lock.acquire(blocking=False):
        try:
            write(queue.pop())
        finally:
            lock.release()


def make_locked():
    lock = threading.Lock()
    # ok: lock-acquire-without-release
    lock.acquire()
    return lock
