"""Export of account records to delimited text files, written in fixed-size batches."""

COLUMNS = ("id", "email", "plan", "balance")


def _format_row(record, columns, sep):
    cells = []
    for col in columns:
        value = record.get(col, "")
        text = "" if value is None else str(value)
        if sep in text or any(ch in text for ch in "\"\r\n"):
            text = '"' + text.replace('"', '""') + '"'
        cells.append(text)
    return sep.join(cells) + "\n"


def export_batches(records, path, opener, columns=COLUMNS, batch_size=500, sep=","):
    """Write a header and every record to opener(path); returns the number of rows written."""
    if batch_size < 1:
        raise ValueError("batch_size must be positive")
    sink = opener(path)
    try:
        sink.write(sep.join(columns) + "\n")
        pending = []
        written = 0
        for record in records:
            pending.append(_format_row(record, columns, sep))
            if len(pending) == batch_size:
                sink.write("".join(pending))
                written += len(pending)
                pending.clear()
        if pending:
            sink.write("".join(pending))
            written += len(pending)
    except Exception:
        sink.close()
        raise
    sink.close()
    return written
