"""Incremental parser for delimiter-separated records with quoted fields."""


class RecordParser:
    """Character-driven parser; each state is a method that consumes one character."""

    def __init__(self, delimiter=",", quotechar='"'):
        self.delimiter = delimiter
        self.quotechar = quotechar
        self.records = []
        self._row = []
        self._text = ""
        self._step = self._at_field_start
        self._dirty = False

    def _finish_field(self):
        self._row.append(self._text)
        self._text = ""
        self._step = self._at_field_start

    def _finish_row(self):
        self._finish_field()
        self.records.append(self._row)
        self._row = []
        self._dirty = False

    def _at_field_start(self, ch):
        if ch == self.quotechar:
            self._step = self._in_quotes
        else:
            self._outside_quotes(ch)

    def _outside_quotes(self, ch):
        if ch == self.delimiter:
            self._finish_field()
        elif ch == "\n":
            self._finish_row()
        elif ch != "\r":
            self._text += ch
            self._step = self._outside_quotes

    def _in_quotes(self, ch):
        if ch == self.quotechar:
            self._step = self._after_quote
        else:
            self._text += ch

    def _after_quote(self, ch):
        if ch == self.quotechar:
            self._text += ch
            self._step = self._in_quotes
        else:
            self._outside_quotes(ch)

    def feed(self, chunk):
        for ch in chunk:
            if ch != "\r":
                self._dirty = True
            self._step(ch)
        return len(self.records)

    def close(self):
        """Finish a last record that lacks a trailing newline; returns all records."""
        if self._row or self._text or self._dirty:
            self._finish_row()
        return self.records


def parse_records(text, delimiter=","):
    reader = RecordParser(delimiter=delimiter)
    reader.feed(text)
    return reader.close()
