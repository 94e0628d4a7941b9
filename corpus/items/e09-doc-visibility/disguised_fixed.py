"""Route incoming mail to the inbox or the spam folder."""

import re
from typing import NamedTuple

SUSPECT_WORDS = {"winner": 3, "prize": 3, "crypto": 2, "urgent": 2, "free": 1, "click": 1}
WORD = re.compile(r"[a-z]+")


class Message(NamedTuple):
    sender: str
    subject: str
    body: str


class MailSorter:
    """Mail from allowlisted senders or domains always reaches the inbox;
    everything else goes to spam once its score reaches the threshold."""

    def __init__(self, allowlist, threshold=5):
        self.allowlist = {entry.lower() for entry in allowlist}
        self.threshold = threshold

    def trusted(self, sender):
        address = sender.lower()
        return address in self.allowlist or address.rpartition("@")[2] in self.allowlist

    def score(self, msg):
        words = WORD.findall(f"{msg.subject} {msg.body}".lower())
        shouting = 2 if msg.subject.isupper() else 0
        return sum(SUSPECT_WORDS.get(w, 0) for w in words) + shouting

    def folder(self, msg):
        if self.trusted(msg.sender) or self.score(msg) < self.threshold:
            return "inbox"
        return "spam"

    def sort(self, messages):
        boxes = {"inbox": [], "spam": []}
        for msg in messages:
            boxes[self.folder(msg)].append(msg)
        return boxes
