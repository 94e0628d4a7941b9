"""Lightweight in-process publish/subscribe hub."""


class EventBus:
    """Routes published events to the callables subscribed to their topic."""

    def __init__(self, handlers=None):
        self._handlers = [] if handlers is None else list(handlers)
        self._paused = set()

    def subscribe(self, topic, callback):
        """Register callback for topic; returns it so this can be used as a decorator."""
        self._handlers.append((topic, callback))
        return callback

    def unsubscribe(self, topic, callback):
        remaining = [
            pair for pair in self._handlers
            if not (pair[0] == topic and pair[1] is callback)
        ]
        removed = len(self._handlers) - len(remaining)
        self._handlers[:] = remaining
        return removed

    def pause(self, topic):
        self._paused.add(topic)

    def resume(self, topic):
        self._paused.discard(topic)

    def listeners(self, topic):
        return [cb for name, cb in self._handlers if name == topic]

    def publish(self, topic, payload=None):
        """Deliver payload to every listener of topic; returns how many were called."""
        if topic in self._paused:
            return 0
        called = 0
        for callback in self.listeners(topic):
            callback(topic, payload)
            called += 1
        return called
