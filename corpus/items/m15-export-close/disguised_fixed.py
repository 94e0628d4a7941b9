"""Unit of work wrapping one database transaction for the billing service."""


class UnitOfWork:
    """Use as a context manager; the work is made durable when the block exits cleanly."""

    def __init__(self, connect):
        self._connect = connect
        self.connection = None
        self.statements = 0

    def __enter__(self):
        self.connection = self._connect()
        self.connection.execute("BEGIN")
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self.connection.rollback()
            self.connection.close()
            return False
        self.connection.commit()
        self.connection.close()
        return False

    def _run(self, sql, params):
        self.connection.execute(sql, params)
        self.statements += 1

    def record_payment(self, invoice_id, amount_cents):
        if amount_cents <= 0:
            raise ValueError("payment amount must be positive")
        self._run("INSERT INTO payments (invoice_id, amount) VALUES (?, ?)", (invoice_id, amount_cents))
        self._run("UPDATE invoices SET paid = paid + ? WHERE id = ?", (amount_cents, invoice_id))

    def void_invoice(self, invoice_id):
        self._run("UPDATE invoices SET status = 'void' WHERE id = ?", (invoice_id,))
