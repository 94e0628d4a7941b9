def prune(cache, expired):
    for key in cache:
        if key in expired:
            # ruleid: modify-collection-while-iterating
            del cache[key]


def drop_negative(values):
    for v in values:
        if v < 0:
            # ruleid: modify-collection-while-iterating
            values.remove(v)
    return values


class Registry:
    def __init__(self):
        self.handlers = {}

    def purge(self):
        for name, handler in self.handlers.items():
            if handler is None:
                # ruleid: modify-collection-while-iterating
                self.handlers.pop(name)


def prune_ok(cache, expired):
    for key in list(cache):
        if key in expired:
            # ok: modify-collection-while-iterating
            del cache[key]


def remove_first(values, target):
    for v in values:
        if v == target:
            # ok: modify-collection-while-iterating
            values.remove(v)
            break
    return values


def drain(pending, done):
    for item in pending:
        # ok: modify-collection-while-iterating
        done.discard(item)


def take(items, wanted):
    for i, item in enumerate(items):
        if item == wanted:
            # ok: modify-collection-while-iterating
            return items.pop(i)
    return None
