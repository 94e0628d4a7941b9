"""verdicts.jsonl on disk, one JSON row a line: reading its valid rows (the lines that are not rows are skipped
and named), cutting a last line that a kill left unfinished, and rewriting it without some reviewers' rows. The
run folder (folder.py) holds the lock and says what was done."""

from __future__ import annotations

import os
from pathlib import Path

from redpen_bench.model.json_text import parse_json, parse_json_line
from redpen_bench.model.rows import VerdictRow


def read_rows(path: Path) -> tuple[list[VerdictRow], list[int]]:
    """Every valid row of a JSON Lines file in order, and the numbers of the lines skipped (cut short, not
    UTF-8, not JSON, not a valid row)."""
    rows, skipped = [], []
    with path.open("rb") as lines:
        for number, data in enumerate(lines, 1):
            if not data.strip():
                continue
            try:
                rows.append(from_dict(parse_json_line(data)))
            except ValueError:  # not UTF-8, not JSON, nested too deeply, not a row
                skipped.append(number)
    return rows, skipped


from_dict = VerdictRow.from_dict


def skipped_message(path: Path, skipped: list[int]) -> str:
    shown = ", ".join(map(str, skipped[:10])) + (", ..." if len(skipped) > 10 else "")
    return (f"{len(skipped)} unreadable line{'s' if len(skipped) != 1 else ''} in {path} skipped "
            f"(not scored; their snippets are asked again on resume): line{'s' if len(skipped) != 1 else ''} {shown}")


def cut_unfinished_line(path: Path) -> int:
    """Cut a last line that a kill left without its newline: it holds no whole verdict. The bytes cut (0: none)."""
    with path.open("r+b") as data:
        size = data.seek(0, os.SEEK_END)
        if not size or (data.seek(size - 1), data.read(1))[1] == b"\n":
            return 0
        tail = min(size, 1 << 20)
        while True:
            data.seek(size - tail)
            cut = data.read(tail).rfind(b"\n")
            if cut >= 0 or tail == size:
                break
            tail = min(size, tail * 2)
        keep = size - tail + cut + 1 if cut >= 0 else 0
        data.truncate(keep)
        return size - keep


def drop_reviewers(path: Path, reviewers: set[str], tmp: Path) -> None:
    """Remove every row of these reviewers: the file is rewritten to `tmp`, beside it, and renamed over it, so a
    kill leaves the old file or the new one, whole."""
    try:
        with path.open("rb") as lines, tmp.open("wb") as kept:
            for data in lines:
                try:
                    row = parse_json(data.decode("utf-8"))
                except ValueError:
                    row = None
                if not (isinstance(row, dict) and row.get("reviewer") in reviewers):
                    kept.write(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
