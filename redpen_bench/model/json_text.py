"""JSON read from files and answers Red-Pen did not write: malformed, whatever the way.

The standard parser recurses once per nesting level and raises RecursionError on a value nested a few thousand
levels deep (`[[[[...`): for outside text that is one more kind of malformed JSON, never a traceback.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec


class DeepJSONError(ValueError):
    """JSON nested deeper than the parser follows."""


def parse_json(text: str | bytes) -> Any:
    """`json.loads`, raising ValueError (as for any other malformed text) when the value is nested too deeply."""
    try:
        return json.loads(text)
    except RecursionError:
        raise DeepJSONError("nested too deeply to read (thousands of levels of arrays or objects)") from None


_decode = msgspec.json.Decoder().decode


def parse_json_line(data: bytes) -> Any:
    """One line of a JSON Lines file Red-Pen wrote (UTF-8), read by msgspec: twice as fast as `json.loads` on a run
    folder's 130,000 rows (benchmarks/README.md); ValueError as `parse_json` for anything that is not JSON."""
    try:
        return _decode(data)
    except RecursionError:
        raise DeepJSONError("nested too deeply to read (thousands of levels of arrays or objects)") from None
