import contextlib
import json


def read_text(path):
    # ruleid: open-without-close
    fh = open(path)
    return fh.read()


def read_json(path):
    # ruleid: open-without-close
    return json.loads(open(path).read())


def count_lines(path):
    total = 0
    # ruleid: open-without-close
    for line in open(path, encoding="utf-8"):
        total += bool(line.strip())
    return total


def read_ok(path):
    # ok: open-without-close
    with open(path) as fh:
        return fh.read()


def read_finally(path):
    # ok: open-without-close
    fh = open(path)
    try:
        return fh.read()
    finally:
        fh.close()


def open_log(path):
    # ok: open-without-close
    stream = open(path, "a")
    return stream


class Writer:
    def __init__(self, path):
        # ok: open-without-close
        self.stream = open(path, "w")

    def write_all(self, paths):
        with contextlib.ExitStack() as stack:
            # ok: open-without-close
            handle = open(paths[0])
            stack.enter_context(handle)
            return handle.read()


def raw_terminal(path, use_tty):
    if use_tty:
        # ok: open-without-close
        f = open(path)
    else:
        f = None
    try:
        yield f
    finally:
        if f is not None:
            f.close()


def read_header(path):
    try:
        # ok: open-without-close
        fp = open(path, "rb")
    except OSError:
        return None
    with fp:
        return fp.read(16)


async def leak_async(path):
    # ruleid: open-without-close
    fp = open(path, "rb")
    return fp.read()


def touch(path):
    # ok: open-without-close
    open(path, "a").close()


# ruleid: open-without-close
LOG = open("app.log", "a")
LOG.write("started\n")
