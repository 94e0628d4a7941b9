"""Run folders that lose nothing: a manifest and verdict rows appended one JSON line as each arrives.

A run folder belongs to one corpus (by hash). Running the same command again resumes: only snippets without a
good row are asked again, and error rows are retried. A line cut short by a kill is skipped on reading.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from redpen_bench import __version__
from redpen_bench.corpus import Corpus
from redpen_bench.errors import InputError
from redpen_bench.verdict import Verdict

MANIFEST = "manifest.json"
VERDICTS = "verdicts.jsonl"
SCHEMA_VERSION = 1


class RunFolderError(InputError):
    pass


@dataclass
class VerdictRow:
    reviewer: str
    item: str
    variant: str
    defect: bool | None
    lines: list[int]
    explanation: str
    raw: str
    error: str | None
    sample: int = 0
    meta: dict[str, Any] = field(default_factory=dict)  # findings, latency_s, tokens, cost_usd, cached

    @classmethod
    def of(cls, reviewer: str, item: str, variant: str, verdict: Verdict, sample: int = 0, **meta) -> VerdictRow:
        return cls(reviewer, item, variant, verdict.defect, list(verdict.lines), verdict.explanation,
                   verdict.raw, verdict.error, sample, meta)

    def to_dict(self) -> dict:
        data = asdict(self)
        data.update(data.pop("meta"))
        return data


def default_run_dir(corpus: Corpus, base: Path = Path("runs")) -> Path:
    return base / f"{corpus.name}-{corpus.hash[:8]}"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


_FOLDER_LOCKS: dict[str, threading.RLock] = {}
_FOLDER_LOCKS_GUARD = threading.Lock()


def _folder_lock(path: Path) -> threading.RLock:
    """One lock per folder for all RunFolder objects of the process: an ensemble runs its missing components
    through a second runner, with a second RunFolder, into the folder the first one is appending to."""
    with _FOLDER_LOCKS_GUARD:
        return _FOLDER_LOCKS.setdefault(str(path.resolve()), threading.RLock())


class RunFolder:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = _folder_lock(self.path)
        self.skipped_lines: list[int] = []

    @property
    def manifest_path(self) -> Path:
        return self.path / MANIFEST

    @property
    def verdicts_path(self) -> Path:
        return self.path / VERDICTS

    def read_manifest(self) -> dict:
        if not self.manifest_path.is_file():
            raise RunFolderError(f"{self.manifest_path}: not a run folder (no {MANIFEST})")
        try:
            manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise RunFolderError(f"{self.manifest_path}: unreadable JSON: {exc}") from None
        if not isinstance(manifest, dict) or "corpus" not in manifest or "hash" not in manifest["corpus"]:
            raise RunFolderError(f"{self.manifest_path}: field 'corpus.hash' missing")
        return manifest

    def open_for(self, corpus: Corpus) -> dict:
        """Create the folder for this corpus, or check that an existing one was made for it."""
        if self.manifest_path.exists():
            manifest = self.read_manifest()
            if manifest["corpus"]["hash"] != corpus.hash:
                raise RunFolderError(
                    f"{self.manifest_path}: field 'corpus.hash': this run folder was made for corpus "
                    f"{manifest['corpus'].get('name')} {manifest['corpus']['hash'][:12]}, not "
                    f"{corpus.name} {corpus.hash[:12]}; choose another --out"
                )
            return manifest
        self.path.mkdir(parents=True, exist_ok=True)
        manifest = {
            "schema_version": SCHEMA_VERSION,
            "redpen_bench": __version__,
            "corpus": {"name": corpus.name, "version": corpus.version, "hash": corpus.hash},
            "created": now(),
            "reviewers": {},
        }
        self.write_manifest(manifest)
        return manifest

    def write_manifest(self, manifest: dict) -> None:
        with self._lock:
            tmp = self.manifest_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
            os.replace(tmp, self.manifest_path)

    def update_reviewer(self, key: str, entry: dict) -> None:
        with self._lock:  # read, change and write under one lock: reviewers' threads update it side by side
            manifest = self.read_manifest()
            manifest["reviewers"][key] = manifest["reviewers"].get(key, {}) | entry
            self.write_manifest(manifest)

    def append(self, row: VerdictRow) -> None:
        line = json.dumps(row.to_dict(), ensure_ascii=False) + "\n"
        with self._lock, self.verdicts_path.open("a+b") as out:
            if out.tell() and (out.seek(out.tell() - 1), out.read(1))[1] != b"\n":
                line = "\n" + line  # end a row that a kill cut short, so it cannot swallow this one
            out.write(line.encode("utf-8"))  # one write per row: a kill loses at most the row being written

    def rows(self, reviewer: str | None = None) -> list[dict]:
        """Every stored row, the last one per (reviewer, item, variant, sample) winning."""
        self.skipped_lines: list[int] = []
        if not self.verdicts_path.exists():
            return []
        latest: dict[tuple, dict] = {}
        with self.verdicts_path.open(encoding="utf-8") as lines:
            for number, text in enumerate(lines, 1):
                try:
                    row = json.loads(text)
                    key = (row["reviewer"], row["item"], row["variant"], row.get("sample", 0))
                except (ValueError, KeyError, TypeError):
                    self.skipped_lines.append(number)  # a row cut short by a kill: asked again on resume
                    continue
                if reviewer is None or row["reviewer"] == reviewer:
                    latest[key] = row
        return list(latest.values())

    def done(self, reviewer: str, fingerprint: str | None = None) -> set[tuple[str, str, int]]:
        """Snippets answered without error (by a reviewer with this answer fingerprint, where given: rows
        made under another profile, tool version, model or prompt answer another question): what a resumed
        run skips. Rows from before fingerprints were stored count as the same reviewer."""
        return {
            (r["item"], r["variant"], r.get("sample", 0)) for r in self.rows(reviewer)
            if not r.get("error") and (fingerprint is None or r.get("fingerprint", fingerprint) == fingerprint)
        }
