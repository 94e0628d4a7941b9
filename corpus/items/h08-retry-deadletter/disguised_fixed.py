"""A queue consumer that dead-letters messages after too many deliveries."""
from collections import deque

REDELIVERABLE_CODES = frozenset({"timeout", "db-locked", "throttled"})


class HandlerError(Exception):
    def __init__(self, code, requeue=False):
        super().__init__(code)
        self.code = code
        self.requeue = requeue


def worth_redelivering(failure):
    """Known temporary conditions, or a handler that explicitly nacked with
    requeue, get the message put back on the queue."""
    return failure.code in REDELIVERABLE_CODES or failure.requeue


class Envelope:
    def __init__(self, body):
        self.body = body
        self.deliveries = 0


class Consumer:
    def __init__(self, handler, max_deliveries=5):
        self.handler = handler
        self.max_deliveries = max_deliveries
        self.pending = deque()
        self.results = []
        self.dead_letters = []

    def publish(self, body):
        self.pending.append(Envelope(body))

    def drain(self):
        """Deliver until the queue is empty; a message is delivered at most
        max_deliveries times before it goes to the dead-letter list."""
        while self.pending:
            envelope = self.pending.popleft()
            envelope.deliveries += 1
            try:
                self.results.append(self.handler(envelope.body))
            except HandlerError as failure:
                if envelope.deliveries < self.max_deliveries and worth_redelivering(failure):
                    self.pending.append(envelope)
                else:
                    self.dead_letters.append((envelope.body, envelope.deliveries, failure.code))
