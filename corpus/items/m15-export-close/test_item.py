class _RecordingFile:
    def __init__(self):
        self.chunks = []
        self.closed = False

    def write(self, text):
        assert not self.closed, "write after close"
        self.chunks.append(text)

    def close(self):
        self.closed = True


class _RecordingConnection:
    def __init__(self):
        self.log = []

    def execute(self, sql, params=()):
        self.log.append(("execute", sql.split()[0]))

    def commit(self):
        self.log.append(("commit",))

    def rollback(self):
        self.log.append(("rollback",))

    def close(self):
        self.log.append(("close",))


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
    conn = _RecordingConnection()
    with module.UnitOfWork(lambda: conn) as uow:
        uow.record_payment(7, 2500)
        uow.void_invoice(8)
    assert uow.statements == 3, uow.statements
    assert ("commit",) in conn.log, f"transaction was never committed on success: {conn.log}"
    assert conn.log.index(("commit",)) < conn.log.index(("close",)), conn.log
    failing = _RecordingConnection()
    try:
        with module.UnitOfWork(lambda: failing) as uow:
            uow.record_payment(9, 0)
    except ValueError:
        pass
    assert ("rollback",) in failing.log and ("commit",) not in failing.log, failing.log
