"""Read an API key from the environment, and keep it out of every message and answer, without ever rewriting an
answer that holds no key.

A key is read with surrounding whitespace stripped: a `.env` file saved with CRLF line ends gives
`OPENAI_API_KEY=$'sk-...\r'`, the HTTP library refused the header with the whole key in its message, and that
message reached every error row and the manifest's traceback (issue 34.5). A key with a control character
inside is refused before any request, in one line that names the variable and never the key.

Only what can be a leaked key is replaced: a key of at least MIN_KEY_CHARS characters, matched as a whole
token (not inside a longer run of key characters), and its masked forms servers echo ("sk-proj-****...abcd").
A shorter "key" is a placeholder for a local server (OPENAI_API_KEY=e); replacing it replaced every "e" of
every answer with "[key]" and changed scores. Provider keys are 40+ characters; 16 leaves room for test and
gateway keys while no English word or identifier a review would use is that long and equal to a key.
"""

from __future__ import annotations

import os
import re
import unicodedata

from redpen_bench.errors import InputError

MIN_KEY_CHARS = 16
MASK = "[key]"
_KEY_CHAR = r"[A-Za-z0-9_\-]"  # what keys are made of: a match must not sit inside a longer such run


class APIKeyError(InputError):
    """An API key the environment gives that no HTTP header can carry."""


def read_key(env: str) -> str | None:
    """The API key in environment variable `env`, without surrounding whitespace; None when unset or blank.
    A key with a control character inside (CR, LF, tab, ESC, DEL ...) is refused, and so is one with a character
    outside ASCII (a zero-width space or a byte-order mark pasted with it): no HTTP header can carry either, and
    the request failed with the key in its message (control) or as an unreadable response per snippet (other)."""
    key = (os.environ.get(env) or "").strip()
    for position, char in enumerate(key, 1):
        if unicodedata.category(char) == "Cc" or not char.isascii():
            what = "a control character" if unicodedata.category(char) == "Cc" else "a character outside ASCII"
            raise APIKeyError(f"{env}: the API key holds {what} (U+{ord(char):04X}) at character {position} of "
                              f"{len(key)}; no request can carry it. Set the variable again without it (a .env "
                              "file saved with Windows line ends leaves a CR). The key is not shown")
    return key or None


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
