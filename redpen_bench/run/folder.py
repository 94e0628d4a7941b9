"""Run folders that lose nothing: a manifest and verdict rows appended one JSON line as each arrives.

A run folder belongs to one corpus (by hash), and each row names the snippet it answered (by hash), so a folder
that lost its manifest can still prove which corpus it holds. One process at a time writes a folder: the
command holds an exclusive lock on it for its whole run. Running the same command again resumes: only snippets
without a good row are asked again, and error rows are retried. A line that is cut short, not UTF-8, not JSON or
not a valid row is skipped on reading, counted and named, and never scored. What is done to the rows file's
bytes (reading, cutting a torn last line, rewriting without some reviewers) is verdicts_file.py's.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from redpen_bench import __version__
from redpen_bench.errors import InputError, place_error
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.json_text import parse_json
from redpen_bench.model.manifest import manifest_problem
from redpen_bench.model.rows import VerdictRow, given, latest_rows
from redpen_bench.run.folder_lock import hold, thread_lock
from redpen_bench.run.foreign import Foreign, snippet_hashes, split_foreign
from redpen_bench.run.verdicts_file import cut_unfinished_line, drop_reviewers, read_rows, skipped_message

MANIFEST = "manifest.json"
VERDICTS = "verdicts.jsonl"
LOCK = ".lock"
SCHEMA_VERSION = 1
log = logging.getLogger("redpen_bench")


class RunFolderError(InputError):
    pass


def default_run_dir(corpus: Corpus, base: Path = Path("runs")) -> Path:
    return base / f"{corpus.name}-{corpus.hash[:8]}"


def fresh_dir(path: Path) -> Path:
    """`path` when nothing is there yet, else a new sibling `<name>-<YYYYmmdd-HHMMSS>[-N]`, created here and now
    (exclusively: two fresh runs started in one second get two folders)."""
    if not path.exists() or (path.is_dir() and not any(path.iterdir())):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    stamp = f"{path.name}-{time.strftime('%Y%m%d-%H%M%S')}"
    for attempt in range(1, 1000):
        candidate = path.with_name(stamp if attempt == 1 else f"{stamp}-{attempt}")
        try:
            candidate.mkdir()
            return candidate
        except FileExistsError:
            continue
    raise RunFolderError(f"{path.parent}: no free name for a fresh run folder")


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


class RunFolder:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise RunFolderError(f"{self.path}: a file, not a run folder; choose another --out")
        self._lock = thread_lock(self.path)
        self._out = None  # verdicts.jsonl, open for appending while rows arrive
        self.skipped_lines: list[int] = []
        self._parsed: tuple[tuple, tuple] | None = None  # (file signature, what _read made of it)
        self._latest_rows: tuple | None = None  # what _latest made of _parsed's rows (reset when they are read again)
        self._answered: tuple[tuple, tuple] | None = None  # ((file signature, corpus hash), _answers' result)
        self.foreign = Foreign()  # rows left out as answering no snippet of the corpus given to rows()

    @property
    def manifest_path(self) -> Path:
        return self.path / MANIFEST

    @property
    def verdicts_path(self) -> Path:
        return self.path / VERDICTS

    @contextlib.contextmanager
    def exclusive(self, timeout: float = 600.0) -> Iterator[None]:
        """Hold the folder against other processes (re-entrant within this one). A second process waits up to
        `timeout` seconds, saying so once, then refuses naming the holder."""
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            (self.path / LOCK).touch()
        except OSError as exc:
            raise self._place_error(exc, "cannot create the run folder") from None
        with hold(self.path / LOCK, timeout, RunFolderError):
            yield

    def read_manifest(self) -> dict:
        if not self.manifest_path.is_file():
            raise RunFolderError(f"{self.manifest_path}: not a run folder (no {MANIFEST})")
        try:
            manifest = parse_json(self.manifest_path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise RunFolderError(f"{self.manifest_path}: unreadable JSON: {exc}") from None
        problem = manifest_problem(manifest)
        if problem:
            raise RunFolderError(f"{self.manifest_path}: {problem}")
        return manifest

    def open_for(self, corpus: Corpus) -> dict:
        """Create the folder for this corpus, or check that an existing one was made for it (check_made_for; call
        it holding `exclusive`); a row cut short by a kill is removed."""
        manifest = self.check_made_for(corpus)
        self._repair_tail()
        if manifest is not None:
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

    def check_made_for(self, corpus: Corpus, manifest: dict | None = None, reading: bool = False) -> dict | None:
        """The one check that this folder belongs to `corpus`: by the hash its manifest records, or, rows and no
        manifest, by every row answering a snippet of this corpus as it is now. Its manifest (read here unless
        given), or None when it has none. `reading`: a command that only reads the rows (the remedy is another
        --corpus), else one that would add rows (another --out)."""
        if manifest is None:
            if not self.manifest_path.exists():
                if self.verdicts_path.exists():
                    self._check_orphan_rows(corpus)
                return None
            manifest = self.read_manifest()
        made_for = manifest["corpus"]
        if made_for["hash"] == corpus.hash:
            return manifest
        made, given = str(made_for["hash"])[:12], f"{corpus.name} {corpus.hash[:12]}"
        if reading:
            raise RunFolderError(f"{self.manifest_path}: field 'corpus.hash': made for corpus {made}, but the corpus "
                                 f"given is {given}; pass the right --corpus")
        raise RunFolderError(f"{self.manifest_path}: field 'corpus.hash': this run folder was made for corpus "
                             f"{made_for.get('name')} {made}, not {given}; choose another --out")

    def _check_orphan_rows(self, corpus: Corpus) -> None:
        snippets = snippet_hashes(corpus)
        rows, _ = read_rows(self.verdicts_path)
        foreign = [r for r in rows if given(r.snippet) != snippets.get(r.snippet_key)]
        if foreign:
            first = foreign[0]
            raise RunFolderError(
                f"{self.verdicts_path}: rows but no {MANIFEST}, and {len(foreign)} of {len(rows)} rows do not "
                f"answer this corpus's snippets (first: {first.item} {first.variant}, field 'snippet' "
                f"{given(first.snippet)!r}); restore the manifest or choose another --out")

    def _repair_tail(self) -> None:
        """Cut a last line that a kill left without its newline: it holds no whole verdict."""
        if not self.verdicts_path.exists():
            return
        with self._lock:
            cut = cut_unfinished_line(self.verdicts_path)
            if cut:
                log.warning("%s: removed a last line cut short (%d bytes): its snippet is asked again",
                            self.verdicts_path, cut)

    def write_manifest(self, manifest: dict) -> None:
        with self._lock:
            tmp = self.path / f".{MANIFEST}.{os.getpid()}.{threading.get_ident()}.tmp"
            try:
                tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
                os.replace(tmp, self.manifest_path)
            except OSError as exc:  # the manifest there before stays whole; no temporary file is left
                with contextlib.suppress(OSError):
                    tmp.unlink()
                raise self._place_error(exc, f"cannot write {MANIFEST}") from None

    def _place_error(self, exc: OSError, doing: str) -> RunFolderError:
        if exc.errno in (errno.ENOTDIR, errno.EEXIST):
            return RunFolderError(f"{self.path}: a file is in the way of the run folder; choose another --out")
        return place_error(RunFolderError, self.path, exc, doing)

    def update_reviewer(self, key: str, entry: dict) -> None:
        with self._lock:  # read, change and write under one lock: reviewers' threads update it side by side
            manifest = self.read_manifest()
            manifest["reviewers"][key] = manifest["reviewers"].get(key, {}) | entry
            self.write_manifest(manifest)

    def row_keys(self, spec_key: str) -> list[str]:
        """The reviewer names a spec's rows are filed under: its key, or those a replay file carries."""
        entry = self.read_manifest()["reviewers"].get(spec_key, {}) if self.manifest_path.exists() else {}
        return entry.get("rows_as") or [spec_key]

    def append(self, row: VerdictRow) -> None:
        """One write and flush per row, on a file kept open: a kill loses at most the row being written."""
        line = (row.to_json() + "\n").encode("utf-8")
        with self._lock:
            start = None
            try:
                if self._out is None:
                    self._out = self.verdicts_path.open("a+b")
                    if self._out.tell() and (self._out.seek(self._out.tell() - 1), self._out.read(1))[1] != b"\n":
                        line = b"\n" + line  # end a row that a kill cut short, so it cannot swallow this one
                start = self._out.tell()
                self._out.write(line)
                self._out.flush()
            except OSError as exc:  # a full disk: no half row is left, the rows before it stay
                self._drop_tail(start)
                raise self._place_error(exc, f"cannot write {VERDICTS}") from None

    def _drop_tail(self, start: int | None) -> None:
        out, self._out = self._out, None
        if out is not None:
            with contextlib.suppress(OSError):
                out.close()  # its unwritten buffer fails again: dropped
        if start is not None:
            with contextlib.suppress(OSError):
                os.truncate(self.verdicts_path, start)

    def drop_rows(self, reviewers: set[str]) -> None:
        """Remove every row of these reviewers (call it holding `exclusive`): their answers are void, not merely
        older. The file is rewritten beside itself and renamed over it, so a kill leaves the old file or the
        new one, whole."""
        if not self.verdicts_path.exists():
            return
        with self._lock:
            self.close()
            drop_reviewers(self.verdicts_path, reviewers, self.path / f".{VERDICTS}.{os.getpid()}.tmp")

    def close(self) -> None:
        with self._lock:
            if self._out is not None:
                self._out.close()
                self._out = None

    def rows(self, reviewer: str | None = None, corpus: Corpus | None = None) -> list[VerdictRow]:
        """Every valid stored row, the last one per (reviewer, item, variant, sample) winning; lines that are
        not valid rows are skipped, counted in `skipped_lines` and logged once. Given the corpus, rows that answer
        none of its snippets are left out first (run/foreign.py), kept in `foreign` and logged once."""
        if not self.verdicts_path.exists():
            self.skipped_lines, self.foreign = [], Foreign()
            return []
        every, skipped = self._read()
        if skipped and skipped != self.skipped_lines:
            log.warning("%s", skipped_message(self.verdicts_path, skipped))
        self.skipped_lines = skipped
        if corpus is not None:
            latest, foreign = self._answers(every, corpus)
            if foreign and foreign != self.foreign:
                log.warning("%s", foreign.message(self.verdicts_path))
            self.foreign = foreign
            return [r for r in latest if reviewer is None or r.reviewer == reviewer]
        latest, by_reviewer = self._latest()
        return list(latest if reviewer is None else by_reviewer.get(reviewer, ()))

    def _answers(self, every: list[VerdictRow], corpus: Corpus) -> tuple[list[VerdictRow], Foreign]:
        """The latest rows among those answering `corpus`'s snippets, once per version of the file and corpus."""
        key = (self._parsed[0] if self._parsed else None, corpus.hash)
        if self._answered is None or self._answered[0] != key:
            kept, foreign = split_foreign(every, snippet_hashes(corpus))
            self._answered = (key, (latest_rows(kept), foreign))
        return self._answered[1]

    def _read(self) -> tuple[list[VerdictRow], list[int]]:
        """Every valid row of the file and the lines skipped, parsed once per version of the file: planning a run
        of 14 reviewers, resuming and summing up read it once, not once per reviewer (an append changes size
        and mtime, so a read after it parses again)."""
        stat = self.verdicts_path.stat()
        signature = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
        if not self._parsed or self._parsed[0] != signature:
            self._parsed, self._latest_rows = (signature, read_rows(self.verdicts_path)), None
        return self._parsed[1]

    def _latest(self) -> tuple[list[VerdictRow], dict[str, list[VerdictRow]]]:
        """The latest rows, all and per reviewer, once per version of the file (only when no corpus filters
        them first: then _answers keeps its own)."""
        if self._latest_rows is None:
            latest = latest_rows(self._parsed[1][0])
            by_reviewer: dict[str, list[VerdictRow]] = {}
            for row in latest:
                by_reviewer.setdefault(row.reviewer, []).append(row)
            self._latest_rows = (latest, by_reviewer)
        return self._latest_rows

    def done(self, reviewer: str, fingerprint: str | None = None,
             corpus: Corpus | None = None) -> set[tuple[str, str, int]]:
        """Snippets answered without error (by a reviewer with this answer fingerprint, where given: rows
        made under another profile, tool version, model or prompt answer another question): what a resumed
        run skips. Rows from before fingerprints were stored count as the same reviewer. Given the corpus, a
        row answering another text than its snippet's (run/foreign.py) does not make that snippet done."""
        return {
            (r.item, r.variant, r.sample) for r in self.rows(reviewer, corpus)
            if not r.error and (fingerprint is None or given(r.fingerprint, fingerprint) == fingerprint)
        }
