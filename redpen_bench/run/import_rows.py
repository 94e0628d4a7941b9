"""`replay:FILE.jsonl`: score verdicts produced elsewhere (another harness, a leaderboard's logs, an old run).

Rows follow corpus/FORMAT.md ("Reviewer verdicts"): `defect`/`lines`/`explanation` are taken as stored where
the row has `defect`, else `raw` goes through the same parser as live answers. Rows keep their reviewer names:
a file of several reviewers gives several reviewers. Named (`NAME=replay:FILE`), a file of one reviewer is
filed under NAME, a file of several under NAME/<reviewer>. Rows without a reviewer take the spec's key.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.verdict import Verdict, parse_answer
from redpen_bench.reviewers.base import Emit, Reviewer, SpecError, Task
from redpen_bench.run.folder import RunFolder

ROW_FIELDS = ("reviewer", "item", "variant", "sample", "defect", "lines", "explanation", "raw", "error")
NOT_META = {*ROW_FIELDS, "task", "verdict"}  # extra fields (latency_s, tokens, cost_usd, findings) pass through


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


def _fail(path: Path, line: int, name: str, message: str) -> ReplayError:
    return ReplayError(f"{path}: line {line}: field '{name}': {message}")


def _text(data: dict, name: str, path: Path, line: int, required: bool = False) -> str | None:
    value = data.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value):
        raise _fail(path, line, name, f"expected a{' non-empty' if required else ''} string, got {value!r}")
    return value


def read_row(data: Any, path: Path, line: int, corpus: Corpus | None) -> ReplayRow:
    if not isinstance(data, dict):
        raise ReplayError(f"{path}: line {line}: expected a JSON object, got {type(data).__name__}")
    reviewer = _text(data, "reviewer", path, line)
    item, variant = _text(data, "item", path, line, True), _text(data, "variant", path, line, True)
    if corpus is not None:
        known = {i.id: i for i in corpus.items}
        if item not in known:
            raise _fail(path, line, "item", f"unknown item '{item}' (not in corpus {corpus.name})")
        if variant not in known[item].variants:
            raise _fail(path, line, "variant", f"'{variant}' is not a scored variant of {item}: "
                                               f"{sorted(known[item].variants)}")
    sample = data.get("sample", 0)
    if sample is None:
        sample = 0
    if type(sample) is not int or sample < 0:
        raise _fail(path, line, "sample", f"expected an integer >= 0, got {sample!r}")
    raw = _text(data, "raw", path, line) or ""
    error = _text(data, "error", path, line)
    explanation = _text(data, "explanation", path, line) or ""
    if "defect" in data:
        defect = data["defect"]
        if defect is not None and not isinstance(defect, bool):
            raise _fail(path, line, "defect", f"expected true, false or null, got {defect!r}")
        lines = data.get("lines") or []
        if not isinstance(lines, list) or not all(type(n) is int and n >= 1 for n in lines):
            raise _fail(path, line, "lines", f"expected a list of line numbers (integers >= 1), got {lines!r}")
        verdict = Verdict(defect=defect, lines=sorted(set(lines)), explanation=explanation, raw=raw, error=error)
    elif "raw" in data or error is not None:
        verdict = parse_answer(raw)
        verdict.error = error
    else:
        raise _fail(path, line, "defect", "a row needs 'defect' (with 'lines' and 'explanation') or 'raw'")
    meta = {k: v for k, v in data.items() if k not in NOT_META}
    return ReplayRow(line, reviewer, item, variant, sample, verdict, meta)


def read_replay(path: Path, corpus: Corpus | None = None) -> list[ReplayRow]:
    """Every row of the file, checked; a bad row stops everything before a single row is stored."""
    rows = []
    try:
        with path.open(encoding="utf-8") as lines:
            for number, text in enumerate(lines, 1):
                if not text.strip():
                    continue
                try:
                    data = json.loads(text)
                except ValueError as exc:
                    raise ReplayError(f"{path}: line {number}: not valid JSON: {exc}") from None
                rows.append(read_row(data, path, number, corpus))
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path}: cannot read the replay file: {exc}") from None
    return rows


class Replay(Reviewer):
    family = "replay"

    def __init__(self, arg, options):
        super().__init__(arg, options)
        if not arg:
            raise SpecError("reviewer 'replay': name the file, e.g. replay:verdicts.jsonl")
        self.path = Path(arg)
        if not self.path.is_file():
            raise SpecError(f"reviewer 'replay:{arg}': {self.path}: no such file")
        self.rows = read_replay(self.path, options.corpus)  # now, so a bad row stops the run before it starts

    def info(self):
        return {"file": str(self.path), "sha256": hashlib.sha256(self.path.read_bytes()).hexdigest()}

    def row_keys(self, rows: Sequence[ReplayRow]) -> dict[str | None, str | None]:
        """File reviewer name -> the key its rows are stored under (None: the spec's own key)."""
        names = sorted({r.reviewer for r in rows if r.reviewer})
        if self.name is None:
            return {None: None} | {n: n for n in names}
        if len(names) <= 1:
            return {None: None} | dict.fromkeys(names)
        return {None: None} | {n: f"{self.name}/{n}" for n in names}

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        rows = self.rows
        wanted = {(t.snippet.item_id, t.snippet.name): t.snippet for t in tasks}
        keys = self.row_keys(rows)
        own_key = self.name or f"replay:{self.arg}"
        folder = RunFolder(self.options.run_folder) if self.options.run_folder else None
        stored = {k: folder.done(k or own_key) for k in set(keys.values())} if folder else {}
        latest: dict[tuple, ReplayRow] = {}
        for row in rows:  # the last row per (reviewer, snippet, sample) wins, as in run folders
            key = keys[row.reviewer]
            if (row.item, row.variant) in wanted and (row.item, row.variant, row.sample) not in stored.get(key, ()):
                latest[(key, row.item, row.variant, row.sample)] = row
        for (key, *_), row in latest.items():
            task = Task(wanted[(row.item, row.variant)], row.sample)
            emit(task, row.verdict, reviewer=key, **row.meta)
