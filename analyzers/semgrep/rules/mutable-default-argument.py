# ruleid: mutable-default-argument
def append_item(item, bucket=[]):
    bucket.append(item)
    return bucket


# ruleid: mutable-default-argument
def register(name, *, registry={}):
    registry[name] = True
    return registry


# ruleid: mutable-default-argument
def collect(value, seen: set = set()):
    seen.add(value)
    return seen


class Cache:
    # ruleid: mutable-default-argument
    def __init__(self, entries=dict()):
        self.entries = entries


# ok: mutable-default-argument
def append_item_ok(item, bucket=None):
    if bucket is None:
        bucket = []
    bucket.append(item)
    return bucket


# ok: mutable-default-argument
def scale(values, factor=1.0, names=("a", "b"), label="x", frozen=frozenset()):
    return [v * factor for v in values], names, label, frozen


# ruleid: mutable-default-argument
def build(rows, index={r: i for i, r in enumerate("abc")}, cols=[c for c in "xyz" if c]):
    return rows, index, cols


def multiline(
    path,
    # ruleid: mutable-default-argument
    options: dict = {},
    # ok: mutable-default-argument
    retries: int = 3,
):
    return path, options, retries
