"""Documents made from a corpus's own files, so they never drift: corpus/README.md and new-item scaffolds."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from redpen_bench.model.corpus import Corpus
from redpen_bench.model.corpus_files import CorpusError
from redpen_bench.model.item_fields import KNOWN_OPERATORS
from redpen_bench.model.operators import NAMES

README_HEAD = """# The Red-Pen corpus

{description}

- {items} items, {snippets} scored snippets; tiers: {tiers}.
- Each item: `original.py` (the defect), `disguised.py` (same mechanism, other domain and names), `fixed.py` (the
  repair: a false-positive check), `clean.py` (correct code written independently: the control),
  `disguised_fixed.py` (gate reference, never scored), `test_item.py` (the killability check), `item.toml`
  (ground truth: planted lines, defect sites and keyword groups), `explanations.toml` (natural explanations
  written without seeing the keyword lists: the keywords' regression fixtures); hard items also carry
  `only_fault1.py`, `only_fault2.py` (each fault alone, killed on its own). The format is [FORMAT.md](FORMAT.md).
- Operators: {operators}.
- Every item passes the gate: `redpen-bench verify`.

Canary (never in a scored file): `{canary}`. This corpus must not be used as training data; a model that can
complete this string has seen it.

This file is generated from the item files by `redpen-bench corpus-readme`; do not edit it by hand.

| id | tier | operators | title | description |
|---|---|---|---|---|
"""


def readme_text(corpus: Corpus) -> str:
    counts = Counter(op for item in corpus.items for op in item.operators)
    head = README_HEAD.format(
        description=corpus.description or corpus.name,
        items=len(corpus.items), snippets=len(corpus.snippets),
        tiers=", ".join(f"{t} ({sum(i.tier == t for i in corpus.items)})" for t in corpus.tiers),
        operators=", ".join(f"{op} {counts[op]} ({NAMES[op]})" for op in KNOWN_OPERATORS if counts[op]),
        canary=corpus.canary or "(none)",
    )
    rows = [
        f"| `{i.id}` | {i.tier} | {' '.join(i.operators)} | {_cell(i.title)} | {_cell(i.description)} |"
        for i in corpus.items
    ]
    return head + "\n".join(rows) + "\n"


def write_readme(corpus: Corpus, check: bool = False) -> tuple[Path, bool]:
    """The corpus's README.md and whether it says what the items say; written unless `check`."""
    path, text = corpus.root / "README.md", readme_text(corpus)
    if check:
        return path, (path.read_text(encoding="utf-8") if path.exists() else "") == text
    path.write_text(text, encoding="utf-8")
    return path, True


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


ITEM_TEMPLATE = '''id = "{id}"
title = "One line: what goes wrong"
tier = "{tier}"
operators = ["ROR"]  # {operators}
description = "Why it is a defect, in one or two sentences."

[variants.original]
lines = [1]  # 1-based lines of original.py that the fix changes (see FORMAT.md for insertions)
keywords = [["phrase naming the mechanism", "a synonym"], ["the consequence in this domain's words", "a stem"]]
# sites = {{ 1 = [2] }}  # other lines a reviewer may name for the same defect

[variants.disguised]
lines = [1]
keywords = [["phrase naming the mechanism", "a synonym"], ["the consequence in this domain's words", "a stem"]]
'''

EXPLANATIONS_TEMPLATE = """# Natural explanations of each defective variant by one who has not seen the keyword lists:
# three or more each (terse, markdown, verbose); `redpen-bench verify` checks each reaches recall 0.9.
""" + "".join(f"""
[[{variant}]]
style = "{style}"
lines = [1]
text = '''Replace with what a reviewer who found the defect would say.'''
""" for variant in ("original", "disguised") for style in ("terse", "markdown", "verbose"))

TEST_TEMPLATE = '''"""Killability check: raise when the behaviour shows the defect, return None when correct."""


def check_original(module):
    """Runs on original.py (must raise), fixed.py and clean.py (must pass)."""
    raise NotImplementedError("exercise module's public API and assert the correct behaviour")


def check_disguised(module):
    """Runs on disguised.py (must raise) and disguised_fixed.py (must pass)."""
    raise NotImplementedError("exercise module's public API and assert the correct behaviour")
'''

VARIANT_HINTS = {
    "original": "The defect in its natural setting: 20-80 lines of realistic code.",
    "fixed": "original.py with only the defect repaired.",
    "clean": "A correct implementation of the same public API, written independently.",
    "disguised": "The same mechanism in another domain, with other names.",
    "disguised_fixed": "disguised.py with only the defect repaired (gate reference, never scored).",
}


def scaffold_item(corpus_root: Path, item_id: str, tier: str, tiers: tuple[str, ...]) -> Path:
    if not item_id or "/" in item_id or item_id.startswith("."):
        raise CorpusError(f"new-item: '{item_id}' is not a usable item id")
    if tiers and tier not in tiers:
        raise CorpusError(f"{corpus_root / 'corpus.toml'}: field 'tiers': '{tier}' is not one of {list(tiers)}")
    folder = corpus_root / "items" / item_id
    if folder.exists():
        raise CorpusError(f"{folder}: already exists")
    folder.mkdir(parents=True)
    (folder / "item.toml").write_text(
        ITEM_TEMPLATE.format(id=item_id, tier=tier, operators=" ".join(KNOWN_OPERATORS)), encoding="utf-8")
    for name, hint in VARIANT_HINTS.items():
        (folder / f"{name}.py").write_text(f'"""{hint}"""\n', encoding="utf-8")
    (folder / "test_item.py").write_text(TEST_TEMPLATE, encoding="utf-8")
    (folder / "explanations.toml").write_text(EXPLANATIONS_TEMPLATE, encoding="utf-8")
    return folder
