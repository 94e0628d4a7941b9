"""`replay:FILE.jsonl`: import verdict rows produced elsewhere (another harness, a leaderboard's logs, an old run)
into a run folder, to be scored like any other. It is a run step, not a reviewer: it asks nobody.

Rows follow corpus/FORMAT.md ("Reviewer verdicts") and are validated by the one row validator (model/rows.py),
extra fields included. `defect`/`lines`/`explanation` are taken as stored where the row has `defect`, else `raw`
goes through the same parser as live answers. A row that names its snippet's hash must name this corpus's file.
Rows keep their reviewer names: a file of several reviewers gives several reviewers. Named (`NAME=replay:FILE`),
a file of one reviewer is filed under NAME, a file of several under NAME/<reviewer>. Rows without a reviewer
take the spec's key. The file is fingerprinted: a changed file replaces every row it filed before.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from msgspec import UNSET

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.json_text import parse_json
from redpen_bench.model.rows import OPTIONAL_FIELDS, SNIPPET_HASH_CHARS, VerdictRow, given, latest_rows
from redpen_bench.model.verdict import Verdict, parse_answer
from redpen_bench.reviewers import Spec, check_name, families
from redpen_bench.reviewers.base import Emit, SpecError, Task
from redpen_bench.run.folder import RunFolder

NOT_META = {"task", "verdict", "fingerprint"}  # the fingerprint is the import's own


class ReplayError(InputError):
    pass


@dataclass
class ReplayRow:
    line: int
    reviewer: str | None
    item: str
    variant: str
    sample: int
    verdict: Verdict
    meta: dict[str, Any] = field(default_factory=dict)


def read_row(data: Any, path: Path, line: int, corpus: Corpus | None, where: str | None = None) -> ReplayRow:
    where = where or f"{path}: line {line}"
    if not isinstance(data, dict):
        raise ReplayError(f"{where}: expected a JSON object, got {type(data).__name__}")
    given_reviewer = "reviewer" in data and data["reviewer"] is not None  # none: the spec's key
    try:
        row = VerdictRow.from_dict(dict(data) if given_reviewer else data | {"reviewer": "-"})
    except ValueError as exc:
        raise ReplayError(f"{where}: {exc}") from None
    if corpus is not None:
        _check_answers(row, corpus, where)
    verdict = _verdict(row, data, where)
    meta = {name: given(getattr(row, name)) for name in OPTIONAL_FIELDS if getattr(row, name) is not UNSET}
    meta = {k: v for k, v in (meta | row.extras).items() if k not in NOT_META}
    return ReplayRow(line, row.reviewer if given_reviewer else None, row.item, row.variant, row.sample, verdict, meta)


def _check_answers(row: VerdictRow, corpus: Corpus, where: str) -> None:
    """The row answers a scored snippet of `corpus`: its item, its variant, and (when it names one) its text."""
    item, variant = row.item, row.variant
    try:
        known = corpus.item(item)
    except KeyError:
        raise ReplayError(f"{where}: field 'item': unknown item '{item}' (not in corpus {corpus.name})") from None
    snippet = known.variants.get(variant)
    if snippet is None:
        raise ReplayError(f"{where}: field 'variant': '{variant}' is not a scored variant of {item}: "
                          f"{sorted(known.variants)}")
    if given(row.snippet) is not None and row.snippet != snippet.sha256[:SNIPPET_HASH_CHARS]:
        raise ReplayError(f"{where}: field 'snippet': {row.snippet!r} answers another {item} {variant}.py "
                          f"than this corpus's ({corpus.name} {corpus.hash[:12]}); replay rows made for it")


def _verdict(row: VerdictRow, data: dict, where: str) -> Verdict:
    """Which fields the row gives, not their values, says how it is read (FORMAT.md): the JSON's keys."""
    if "defect" in data:
        return Verdict(defect=row.defect, lines=sorted(set(row.lines)), explanation=row.explanation or "",
                       raw=row.raw or "", error=row.error)
    if "raw" in data or row.error is not None:
        verdict = parse_answer(row.raw or "")
        verdict.error = row.error
        return verdict
    raise ReplayError(f"{where}: field 'defect': a row needs 'defect' (with 'lines' and 'explanation') or 'raw'")


def read_replay(path: Path, corpus: Corpus | None = None) -> list[ReplayRow]:
    """Every row of the file, checked; a bad row stops everything before a single row is stored."""
    rows = []
    try:
        with path.open(encoding="utf-8") as lines:
            for number, text in enumerate(lines, 1):
                if not text.strip():
                    continue
                try:
                    data = parse_json(text)
                except ValueError as exc:
                    raise ReplayError(f"{path}: line {number}: not valid JSON: {exc}") from None
                rows.append(read_row(data, path, number, corpus))
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path}: cannot read the replay file: {exc}") from None
    return rows


class RowImport:
    """The run step of one replay spec over one run folder (the runner drives it like a reviewer)."""

    family = "replay"
    takes_samples = False

    def __init__(self, spec: Spec, corpus: Corpus, folder: RunFolder):
        if not spec.arg:
            raise SpecError("reviewer 'replay': name the file, e.g. replay:verdicts.jsonl")
        self.spec, self.folder = spec, folder
        self.name = spec.key if spec.named else None
        self.path = Path(spec.arg)
        if not self.path.is_file():
            raise SpecError(f"reviewer 'replay:{spec.arg}': {self.path}: no such file")
        self.sha256 = hashlib.sha256(self.path.read_bytes()).hexdigest()
        self.rows = read_replay(self.path, corpus)  # now, so a bad row stops the run before it starts
        self._check_names()

    def _check_names(self) -> None:
        """A name a file files rows under is never a built-in reviewer's, as on the command line: rows filed as
        "always-no" must be the baseline's, or a gate against it compares with a forgery."""
        keys = self.row_keys()
        for row in self.rows:
            key = keys[row.reviewer]
            if key is None:
                continue
            where = f"{self.path}: line {row.line}: field 'reviewer'"
            check_name(key, where)
            if key.partition(":")[0] in families():  # "ruff:default" is that analyzer's profile, not a free name
                raise ReplayError(f"{where}: the name '{key}' is a built-in reviewer's spec; file the rows under a "
                                  f"name of your own (NAME=replay:{self.path})")

    def info(self) -> dict[str, Any]:
        return {"file": str(self.path), "sha256": self.sha256}

    def answer_fingerprint(self) -> str:
        return hashlib.sha256(json.dumps(self.info(), sort_keys=True).encode()).hexdigest()

    def prepare(self, snippets: Sequence[Any]) -> None:
        """Nothing left to read: the file was read and checked when the step was made."""

    def estimate(self, tasks: Sequence[Task]) -> None:
        return None

    def progress_note(self) -> str:
        return ""

    def row_keys(self) -> dict[str | None, str | None]:
        """File reviewer name -> the key its rows are stored under (None: the spec's own key)."""
        names = sorted({r.reviewer for r in self.rows if r.reviewer})
        if self.name is None:
            return {None: None} | {n: n for n in names}
        if len(names) <= 1:
            return {None: None} | dict.fromkeys(names)
        return {None: None} | {n: f"{self.name}/{n}" for n in names}

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        fingerprint = self.answer_fingerprint()
        wanted = {(t.snippet.item_id, t.snippet.name): t.snippet for t in tasks}
        keys = self.row_keys()
        stored_keys = {key or self.spec.key for key in keys.values()}
        # rows this file filed before it changed are not this file's answers: all of them go
        changed = {key for key in stored_keys
                   if any(given(r.fingerprint, fingerprint) != fingerprint for r in self.folder.rows(key))}
        if changed:
            self.folder.drop_rows(changed)
        stored = {key: self.folder.done(key, fingerprint) for key in stored_keys}
        def filed_as(row: ReplayRow) -> str:
            return keys[row.reviewer] or self.spec.key

        new = [row for row in self.rows if (row.item, row.variant) in wanted
               and (row.item, row.variant, row.sample) not in stored[filed_as(row)]]
        # the last row per (reviewer, snippet, sample) wins, as in run folders
        for row in latest_rows(new, lambda row: (filed_as(row), row.item, row.variant, row.sample)):
            key = filed_as(row)
            emit(Task(wanted[(row.item, row.variant)], row.sample), row.verdict,
                 reviewer=None if key == self.spec.key else key, **row.meta)
