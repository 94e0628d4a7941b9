"""Lightweight in-process publish/subscribe hub."""

from collections import defaultdict


class EventBus:
    """Keeps one subscriber list per topic and a set of topics that are on hold."""

    def __init__(self, handlers=None):
        self._by_topic = defaultdict(list)
        self._on_hold = set()
        for topic, callback in handlers or ():
            self.subscribe(topic, callback)

    def subscribe(self, topic, callback):
        """Add callback to topic; return it, so this also works as a decorator."""
        self._by_topic[topic].append(callback)
        return callback

    def unsubscribe(self, topic, callback):
        before = self._by_topic.get(topic, [])
        kept = list(filter(lambda fn: fn is not callback, before))
        if kept:
            self._by_topic[topic] = kept
        else:
            self._by_topic.pop(topic, None)
        return len(before) - len(kept)

    def pause(self, topic):
        self._on_hold.add(topic)

    def resume(self, topic):
        self._on_hold.discard(topic)

    def listeners(self, topic):
        return list(self._by_topic.get(topic, ()))

    def publish(self, topic, payload=None):
        """Call each listener of topic with (topic, payload); return how many ran."""
        if topic in self._on_hold:
            return 0
        targets = self.listeners(topic)
        for fn in targets:
            fn(topic, payload)
        return len(targets)
