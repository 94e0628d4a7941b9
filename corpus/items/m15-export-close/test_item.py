class _RecordingFile:
    def __init__(self):
        self.chunks = []
        self.closed = False

    def write(self, text):
        assert not self.closed, "write after close"
        self.chunks.append(text)

    def close(self):
        self.closed = True


class _RecordingLog:
    def __init__(self, lines):
        self.lines = lines
        self.closed = False

    def __iter__(self):
        assert not self.closed, "read after close"
        return iter(self.lines)

    def close(self):
        self.closed = True


def check_original(module):
    handles = []

    def opener(path):
        handles.append((path, _RecordingFile()))
        return handles[-1][1]

    rows = [{"id": i, "email": f"u{i}@x.io", "plan": "pro, annual" if i == 2 else "free", "balance": None}
            for i in range(1, 6)]
    count = module.export_batches(rows, "out.csv", opener, batch_size=2)
    assert count == 5, count
    assert len(handles) == 1 and handles[0][0] == "out.csv", handles
    sink = handles[0][1]
    text = "".join(sink.chunks)
    assert text.splitlines()[0] == "id,email,plan,balance", text
    assert '2,u2@x.io,"pro, annual",' in text and len(text.splitlines()) == 6, text
    assert sink.closed, "the opened file was never closed after a successful export"


def check_disguised(module):
    logs = {
        "ann-1.igc": ["AXXX001\n", "HFDTE150724\n", "B1204004730000N00730000EA0100001200\n",
                      "B1305304731000N00731000EA0150001700\n", "B1334004732000N00732000EA0090000950\n", "G1A2B\n"],
        "ann-2.igc": ["B2345000000000N00000000EA0000000000\n", "B0015000000000N00000000EA0000000000\n"],
        "bob-1.igc": ["B0900000000000N00000000EA0000000000\n", "B0930000000000N00000000EA0000000000\n"],
        "bad.igc": ["AXXX001\n", "B1000000000000N00000000EA0000000000\n"],
    }
    opened = []

    def open_log(name):
        opened.append(_RecordingLog(logs[name]))
        return opened[-1]

    book = module.Logbook(open_log)
    assert book.add_flight("ann", "ann-1.igc") == 5400, "first-to-last fix duration"
    assert book.add_flight("ann", "ann-2.igc") == 1800, "flight past midnight UTC"
    assert book.add_flight("bob", "bob-1.igc") == 1800
    assert book.hours("ann") == 2.0 and book.hours("zoe") == 0.0, book.airtime
    assert book.ranking() == [("ann", 7200), ("bob", 1800)], book.ranking()
    assert all(log.closed for log in opened), (
        f"{sum(not log.closed for log in opened)} of {len(opened)} logs left open after being read"
    )
    try:
        book.add_flight("bob", "bad.igc")
    except ValueError:
        pass
    else:
        raise AssertionError("a log with a single fix was accepted")
    assert opened[-1].closed and book.flights == 3 and book.airtime["bob"] == 1800, book.airtime
