"""Rows of a run folder that answer no snippet of its corpus (issue 34, item 8).

A folder is made for one corpus (by hash), yet rows appended by hand or merged from another folder's
verdicts.jsonl may name an item the corpus lacks, or carry the hash of another text of the item. Such a row is
no answer on this corpus: it is left out before the last-row-wins rule (so it cannot replace the genuine answer
it shares a key with), never scored, never counted as done on resume, and named in one warning line, as
`replay:` refuses the same rows (run/import_rows.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from redpen_bench.model.corpus import Corpus
from redpen_bench.model.rows import SNIPPET_HASH_CHARS, VerdictRow, given

SHOWN = 5  # names in the warning line; the count says how many more


def answered(row: VerdictRow) -> tuple[str, str, str | None]:
    """(item, variant, snippet hash) a row says it answers: the one place this module reads a row's fields."""
    return row.item, row.variant, given(row.snippet)


@dataclass
class Foreign:
    """The rows left out, by why: items the corpus lacks, and snippets whose text the corpus holds otherwise."""

    lacking: list[str] = field(default_factory=list)  # "item variant"
    other_text: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.lacking or self.other_text)

    def message(self, path: Path) -> str:
        parts = []
        for names, why in ((self.lacking, "for snippets the corpus lacks"),
                           (self.other_text, "answering another text than the corpus's (field 'snippet')")):
            if names:
                unique = list(dict.fromkeys(names))
                shown = ", ".join(unique[:SHOWN]) + (", ..." if len(unique) > SHOWN else "")
                parts.append(f"{len(names)} {why}: {shown}")
        total = len(self.lacking) + len(self.other_text)
        return (f"{path}: {total} row{'s' if total != 1 else ''} not scored, not made for this corpus "
                f"(appended or merged from elsewhere): " + "; ".join(parts))


def snippet_hashes(corpus: Corpus) -> dict[tuple[str, str], str]:
    return {(v.item_id, v.name): v.sha256[:SNIPPET_HASH_CHARS] for v in corpus.snippets}


def split_foreign(rows: Iterable[VerdictRow], snippets: dict[tuple[str, str], str]
                  ) -> tuple[list[VerdictRow], Foreign]:
    """The rows that answer a snippet of the corpus, and the others named. A row without a snippet hash (made
    before rows carried one) is taken when the corpus has its snippet: the folder's corpus hash vouches for it."""
    kept, foreign = [], Foreign()
    for row in rows:
        item, variant, snippet = answered(row)
        known = snippets.get((item, variant))
        if known is None:
            foreign.lacking.append(f"{item} {variant}")
        elif snippet is not None and snippet != known:
            foreign.other_text.append(f"{item} {variant}")
        else:
            kept.append(row)
    return kept, foreign
