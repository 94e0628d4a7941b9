"""Incremental parser for delimiter-separated records with quoted fields."""

FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED = range(4)


class RecordParser:
    """Feed text in chunks of any size; complete records accumulate in `records`."""

    def __init__(self, delimiter=",", quotechar='"'):
        self.delimiter = delimiter
        self.quotechar = quotechar
        self.records = []
        self._fields = []
        self._buffer = []
        self._state = FIELD_START

    def _emit_field(self):
        self._fields.append("".join(self._buffer))
        self._state = FIELD_START

    def _emit_record(self):
        self._emit_field()
        self.records.append(self._fields)
        self._fields = []

    def feed(self, chunk):
        for ch in chunk:
            if self._state == QUOTED:
                if ch == self.quotechar:
                    self._state = QUOTE_IN_QUOTED
                else:
                    self._buffer.append(ch)
            elif self._state == QUOTE_IN_QUOTED and ch == self.quotechar:
                self._buffer.append(ch)
                self._state = QUOTED
            elif ch == self.delimiter:
                self._emit_field()
            elif ch == "\n":
                self._emit_record()
            elif ch == "\r":
                continue
            elif ch == self.quotechar and self._state == FIELD_START:
                self._state = QUOTED
            else:
                self._buffer.append(ch)
                self._state = UNQUOTED
        return len(self.records)

    def close(self):
        """Flush a final record that was not terminated by a newline."""
        if self._fields or self._buffer or self._state != FIELD_START:
            self._emit_record()
        return self.records


def parse_records(text, delimiter=","):
    parser = RecordParser(delimiter)
    parser.feed(text)
    return parser.close()
