"""A corpus whose content changed under the same version: scores made before and after would carry one label.

The corpus files stay as they are (the hash is not recorded in corpus.toml): the run folders and reports made
so far record name, version and hash in their manifest.json, so `verify` looks at those it can see and points
out any made from the same name and version with another hash.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from redpen_bench.model.corpus import Corpus

MANIFEST = "manifest.json"
# where `verify` looks for run folders and reports made earlier (relative to the working folder)
SEEN_PLACES = (Path("runs"), Path("reports"))


def same_version_other_hash(corpus: Corpus, places: Iterable[Path]) -> list[tuple[Path, str]]:
    """(folder, its corpus hash) for every run folder or report directly under `places` whose manifest names
    this corpus's name and version but another hash. Unreadable manifests are not this check's business."""
    found = []
    for place in places:
        if not place.is_dir():
            continue
        for manifest in sorted(place.glob(f"*/{MANIFEST}")):
            try:
                recorded = json.loads(manifest.read_text(encoding="utf-8")).get("corpus") or {}
            except (OSError, ValueError, AttributeError):
                continue
            if not isinstance(recorded, dict):
                continue
            if (recorded.get("name"), recorded.get("version")) == (corpus.name, corpus.version) and \
                    isinstance(recorded.get("hash"), str) and recorded["hash"] != corpus.hash:
                found.append((manifest.parent, recorded["hash"]))
    return found


def version_warnings(corpus: Corpus, places: Iterable[Path] = SEEN_PLACES) -> list[str]:
    clashes = same_version_other_hash(corpus, places)
    if not clashes:
        return []
    shown = ", ".join(f"{folder} ({digest[:12]})" for folder, digest in clashes[:3])
    more = f" and {len(clashes) - 3} more" if len(clashes) > 3 else ""
    return [f"corpus {corpus.name} {corpus.version} ({corpus.hash[:12]}) changed under the same version: "
            f"{shown}{more} were made from other content labelled {corpus.version}; raise `version` in "
            f"{corpus.root / 'corpus.toml'} so that their scores are not taken for this corpus's"]
