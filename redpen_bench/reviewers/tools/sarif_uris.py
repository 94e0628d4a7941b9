"""Where a SARIF location points: its URI resolved through the run's `originalUriBaseIds` chain, then
normalised (file URIs, percent-encoding, backslashes, `..`) to the corpus file it names, `items/<id>/<variant>.py`.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote

_MAX_BASE_DEPTH = 16  # originalUriBaseIds may chain; a cycle must not hang the reader


def corpus_key(uri: str) -> str | None:
    """`items/<id>/<variant>.py` from any form of a path or URI ending in it, else None."""
    text = unquote(uri.split("#", 1)[0].split("?", 1)[0]).replace("\\", "/")
    parts = posixpath.normpath(text).split("/")
    if len(parts) >= 3 and parts[-3] == "items":
        return "/".join(parts[-3:])
    return None


def _has_scheme(uri: str) -> bool:
    # a drive letter ("C:/") is not a scheme
    return re.match(r"^[A-Za-z][A-Za-z0-9+.\-]+:", uri) is not None


def resolved(uri: str, base: str | None, bases: dict) -> str:
    """`uri` (of a location whose uriBaseId is `base`) with its uriBaseId chain resolved as far as the log's
    `bases` (originalUriBaseIds) define it."""
    for _ in range(_MAX_BASE_DEPTH):
        if base is None or _has_scheme(uri) or uri.startswith("/"):
            break
        entry = bases.get(base)
        if not isinstance(entry, dict) or not isinstance(entry.get("uri"), str):
            break  # a base the log leaves undefined: the relative URI's own suffix still maps
        uri = entry["uri"].rstrip("/") + "/" + uri
        base = entry.get("uriBaseId")
    return uri
