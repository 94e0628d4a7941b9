"""Build synthetic corpora in format v1 for tests: n items per tier, all four scored variants."""

from __future__ import annotations

from pathlib import Path

ITEM_TOML = """id = "{id}"
title = "Synthetic item {id}"
tier = "{tier}"
operators = ["{op}"]
description = "Synthetic defect for the scorer's tests."

[variants.original]
lines = [2]
keywords = [["off-by-one", "boundary"], ["limit"]]

[variants.disguised]
lines = [2, 3]
keywords = [["sign"]]
"""


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
            toml = ITEM_TOML.format(id=item_id, tier=tier, op=ops[n % len(ops)])
            if not disguised:
                toml = toml.split("[variants.disguised]")[0]
            (folder / "item.toml").write_text(toml)
            body = f"def f(x):\n    return x + {n}\n    # pad\n"
            for variant in ("original", "fixed", "clean", "test_item"):
                (folder / f"{variant}.py").write_text(body)
            if disguised:
                (folder / "disguised.py").write_text(body)
                (folder / "disguised_fixed.py").write_text(body)
    return root
