"""A run folder's manifest.json: which corpus the folder was made for and what each reviewer ran with.

The schema checks what a reader relies on (the corpus hash; reviewers as an object of objects) and lets the rest
pass: a manifest is written by the tool itself and grows fields (tool versions, prices, a replay file's hash).
"""

from __future__ import annotations

from typing import Any

import msgspec

from redpen_bench.model.typed import error_place


class CorpusRef(msgspec.Struct):
    hash: str
    name: str | None = None
    version: str | None = None


class ManifestSchema(msgspec.Struct):
    corpus: CorpusRef
    reviewers: dict[str, dict[str, Any]] = {}
    schema_version: int = 1
    created: str | None = None


def manifest_problem(data: object) -> str | None:
    """Why `data` (parsed manifest.json) is not a run manifest, as "field 'corpus.hash' missing", or None."""
    if not isinstance(data, dict):
        return "expected a JSON object"
    try:
        msgspec.convert(data, ManifestSchema)
    except msgspec.ValidationError as exc:
        where, message = error_place(exc)
        if where.startswith("corpus"):
            return "field 'corpus.hash' missing" if message == "missing" or where == "corpus" else \
                f"field '{where}': {message}"
        if where.startswith("reviewers"):
            return "field 'reviewers': expected an object of reviewer entries (objects)"
        return f"field '{where}': {message}"
    return None
