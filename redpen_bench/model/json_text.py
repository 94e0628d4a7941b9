"""JSON read from files and answers Red-Pen did not write: malformed, whatever the way.

The standard parser recurses once per nesting level and raises RecursionError on a value nested a few thousand
levels deep (`[[[[...`): for outside text that is one more kind of malformed JSON, never a traceback.
"""

from __future__ import annotations

import json
from typing import Any


class DeepJSONError(ValueError):
    """JSON nested deeper than the parser follows."""


def parse_json(text: str | bytes) -> Any:
    """`json.loads`, raising ValueError (as for any other malformed text) when the value is nested too deeply."""
    try:
        return json.loads(text)
    except RecursionError:
        raise DeepJSONError("nested too deeply to read (thousands of levels of arrays or objects)") from None
