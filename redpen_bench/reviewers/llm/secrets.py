"""Keep an API key out of every message and answer, without ever rewriting an answer that holds no key.

Only what can be a leaked key is replaced: a key of at least MIN_KEY_CHARS characters, matched as a whole
token (not inside a longer run of key characters), and its masked forms servers echo ("sk-proj-****...abcd").
A shorter "key" is a placeholder for a local server (OPENAI_API_KEY=e); replacing it replaced every "e" of
every answer with "[key]" and changed scores. Provider keys are 40+ characters; 16 leaves room for test and
gateway keys while no English word or identifier a review would use is that long and equal to a key.
"""

from __future__ import annotations

import re

MIN_KEY_CHARS = 16
MASK = "[key]"
_KEY_CHAR = r"[A-Za-z0-9_\-]"  # what keys are made of: a match must not sit inside a longer such run


class Scrubber:
    def __init__(self, key: str | None):
        self.pattern: re.Pattern[str] | None = None
        if key and len(key) >= MIN_KEY_CHARS:
            whole = rf"(?<!{_KEY_CHAR}){re.escape(key)}(?!{_KEY_CHAR})"
            self.pattern = re.compile(f"{whole}|{masked_forms(key)}")

    def __call__(self, text: str) -> str:
        return text if self.pattern is None else self.pattern.sub(MASK, text)


def masked_forms(key: str) -> str:
    """A key shown with its middle masked: its first characters, mask characters, its last four."""
    return (rf"(?<!{_KEY_CHAR}){re.escape(key[:3])}[\w-]*?[*•…x]{{3,}}[\w-]*?{re.escape(key[-4:])}"
            rf"(?!{_KEY_CHAR})")
