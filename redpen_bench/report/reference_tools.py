"""Whether a report's analyzers ran under the versions reports/reference/ was made with.

Those versions have one home, analyzers/reference-tools.txt: the pip constraints file that installs them
(shipped in the wheel with the profiles). A report whose analyzers recorded other versions says so in one
sentence, in its About section and on the terminal: its scores may differ from the published ones for that
reason alone. The versions compared are those the run folders recorded, not the installed ones: `report` on old
runs speaks of the tools that made them. Only a report of the shipped corpus is compared: the reference is the
shipped corpus's, and another corpus has no published scores to differ from.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Mapping
from typing import Any

from redpen_bench.errors import InputError
from redpen_bench.model.corpus_files import packaged_path, read_toml

PINS = "reference-tools.txt"  # in analyzers/
INSTALL = "pip install -e . -c analyzers/reference-tools.txt"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;#]+)")


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@functools.cache
def reference_pins() -> dict[str, str]:
    """package -> version, in the file's order; empty for an install without the analyzers/ data folder."""
    with contextlib.suppress(InputError, OSError):
        text = (packaged_path("analyzers") / PINS).read_text(encoding="utf-8")
        return {normalise(m[1]): m[2] for line in text.splitlines() if (m := _PIN.match(line.strip()))}
    return {}


@functools.cache
def _shipped_corpus() -> str | None:
    with contextlib.suppress(InputError, OSError):
        return read_toml(packaged_path("corpus") / "corpus.toml").get("name")
    return None


def version_differences(reviewers: Mapping[str, Mapping[str, Any]],
                        pins: Mapping[str, str] | None = None) -> list[tuple[str, str, str]]:
    """(package, version a reviewer ran with, reference version) for every pinned package that a reviewer of
    the report (key -> manifest entry with `info`) recorded at another version: its tool (`tool`, `version`)
    and the packages that change its findings (`packages`). Each once, in the pins' order."""
    pins = reference_pins() if pins is None else pins
    found = set()
    for entry in reviewers.values():
        info = entry.get("info") if isinstance(entry.get("info"), Mapping) else {}
        used = dict(info.get("packages") or {}) if isinstance(info.get("packages"), Mapping) else {}
        if isinstance(info.get("tool"), str) and info.get("version") is not None:
            used[info["tool"]] = info["version"]
        for name, version in used.items():
            pinned = pins.get(normalise(str(name)))
            if pinned is not None and str(version) != pinned:
                found.add((normalise(str(name)), str(version), pinned))
    order = {name: i for i, name in enumerate(pins)}
    return sorted(found, key=lambda d: (order[d[0]], d[1]))


def reference_note(corpus: Mapping[str, Any], reviewers: Mapping[str, Mapping[str, Any]]) -> str | None:
    """The one sentence a report of the shipped corpus (`corpus`: its manifest entry, name first) and the terminal
    say when its analyzer versions are not the reference's."""
    if corpus.get("name") != _shipped_corpus():
        return None
    differences = version_differences(reviewers)
    if not differences:
        return None
    listed = ", ".join(f"{name} {version} (reference {pinned})" for name, version, pinned in differences)
    return (f"Analyzer versions differ from those the reference report (reports/reference/) was made with: "
            f"{listed}; their scores may differ from the reference's for that reason ({INSTALL} installs the "
            f"reference's versions).")
