"""Plain-text rendering of a chat transcript.

Messages appear in the order they were sent, as "HH:MM sender: text". A
divider carrying the date stands above the first message of every calendar
day, the first message of the transcript included, so that each message sits
under the heading of its own day. Consecutive messages from one sender within
GROUP_WINDOW show the sender's name only once.
"""
from dataclasses import dataclass
from datetime import datetime, timedelta

GROUP_WINDOW = timedelta(minutes=5)


@dataclass(frozen=True)
class Message:
    sent: datetime
    sender: str
    text: str


def needs_divider(before, message):
    """Whether a date divider goes directly above message; before is the
    message shown just above it, or None at the top of the transcript."""
    return before is None or before.sent.date() == message.sent.date()


def _continues(before, message):
    return (before is not None and before.sender == message.sender
            and message.sent - before.sent <= GROUP_WINDOW)


def render(messages):
    """The transcript as a list of text lines."""
    out = []
    before = None
    for message in sorted(messages, key=lambda m: m.sent):
        if not needs_divider(before, message):
            out.append(f"----- {message.sent:%a %d %b %Y} -----")
            before = None
        who = " " * len(message.sender) if _continues(before, message) else message.sender
        out.append(f"{message.sent:%H:%M} {who}: {message.text}")
        before = message
    return out
