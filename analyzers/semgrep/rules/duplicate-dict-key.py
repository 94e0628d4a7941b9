import enum


class Color(enum.Enum):
    RED = 1
    GREEN = 2


DEFAULTS = {
    # ruleid: duplicate-dict-key
    "host": "localhost",
    "port": 8080,
    # ruleid: duplicate-dict-key
    "host": "0.0.0.0",
}

LABELS = {
    # ruleid: duplicate-dict-key
    Color.RED: "red",
    # ok: duplicate-dict-key
    Color.GREEN: "green",
    # ruleid: duplicate-dict-key
    Color.RED: "crimson",
}

# ruleid: duplicate-dict-key
CODES = {1: "one", 2: "two", 1: "uno"}


def make_ids(it):
    # ok: duplicate-dict-key
    return {next(it): "a", next(it): "b"}


# ok: duplicate-dict-key
HEADERS = {"Content-Type": "json", "content-type": "text"}
