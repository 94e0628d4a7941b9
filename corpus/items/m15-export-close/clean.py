"""Export of account records to delimited text files, written in fixed-size batches."""

from contextlib import closing
from itertools import islice

COLUMNS = ("id", "email", "plan", "balance")


def _cell(value, sep):
    text = "" if value is None else str(value)
    needs_quotes = any(ch in text for ch in (sep, '"', "\r", "\n"))
    return '"{}"'.format(text.replace('"', '""')) if needs_quotes else text


def _chunks(iterable, size):
    it = iter(iterable)
    while chunk := list(islice(it, size)):
        yield chunk


def export_batches(records, path, opener, columns=COLUMNS, batch_size=500, sep=","):
    """Write a header and all records to opener(path); return the rows written, sink always closed."""
    if batch_size < 1:
        raise ValueError("batch_size must be positive")
    total = 0
    with closing(opener(path)) as out:
        out.write(sep.join(columns) + "\n")
        for chunk in _chunks(records, batch_size):
            lines = (sep.join(_cell(r.get(c, ""), sep) for c in columns) + "\n" for r in chunk)
            out.write("".join(lines))
            total += len(chunk)
    return total
