"""Build synthetic corpora in format v1 for tests: n items per tier, all four scored variants."""

from __future__ import annotations

import json
from pathlib import Path

Truth = tuple[list[int], list[list[str]]]  # a variant's planted lines and keyword groups


def item_toml(item_id: str, variants: dict[str, Truth], tier: str = "easy", operator: str = "AOR",
              title: str | None = None, description: str = "Synthetic defect for the tests.") -> str:
    """An item.toml in format v1: the head, then one [variants.NAME] table per scored defective variant."""
    head = (f'id = "{item_id}"\ntitle = {json.dumps(title or f"Synthetic item {item_id}")}\ntier = "{tier}"\n'
            f'operators = ["{operator}"]\ndescription = {json.dumps(description)}\n')
    return head + "".join(f"\n[variants.{name}]\nlines = {json.dumps(lines)}\nkeywords = {json.dumps(keywords)}\n"
                          for name, (lines, keywords) in variants.items())


def make_corpus(root: Path, tiers: dict[str, int], name: str = "synthetic", disguised: bool = True) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    tier_list = ", ".join(f'"{t}"' for t in tiers)
    (root / "corpus.toml").write_text(f'name = "{name}"\nversion = "1"\ntiers = [{tier_list}]\n')
    ops = ["AOR", "ROR", "UOI", "LCR", "SDL"]
    n = 0
    for tier, count in tiers.items():
        for i in range(count):
            n += 1
            item_id = f"{tier[0]}{i:02d}-synthetic"
            folder = root / "items" / item_id
            folder.mkdir(parents=True)
            variants = {"original": ([2], [["off-by-one", "boundary"], ["limit"]])}
            if disguised:
                variants["disguised"] = ([2, 3], [["sign"]])
            (folder / "item.toml").write_text(item_toml(item_id, variants, tier, ops[n % len(ops)],
                                                        description="Synthetic defect for the scorer's tests."))
            body = f"def f(x):\n    return x + {n}\n    # pad\n"
            for variant in ("original", "fixed", "clean", "test_item"):
                (folder / f"{variant}.py").write_text(body)
            if disguised:
                (folder / "disguised.py").write_text(body)
                (folder / "disguised_fixed.py").write_text(body)
    return root
