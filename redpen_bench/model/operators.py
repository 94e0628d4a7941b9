"""The mutation-operator codes an item's `operators` (and a generated corpus's tiers) may name: one table, read by
the corpus loader, by `mutate` and by the report's legend. Everything else about an operator (what it changes, its
sites, vocabulary, realism rule and examples) is its module in redpen_bench/generate/mutation_operators/, found by
its code; docs/mutate.md's operator table is generated from those modules."""

from __future__ import annotations

# code -> name. In `mutate`'s order, which is a generated corpus's tier order and the order of sites at one node.
# Here, not in the operator modules, because the corpus loader and the report must know every code a corpus may
# name without loading libcst (about 0.5 s) as those modules do.
MUTATION: dict[str, str] = {
    "AOR": "arithmetic operator replacement",
    "ROR": "relational operator replacement",
    "LCR": "logical connector replacement",
    "UOI": "unary operator insertion/deletion",
    "SDL": "statement deletion",
    "CRP": "constant replacement",
    "SIR": "slice index removal",
    "EXS": "exception swallowing",
    "COD": "conditional removal",
    "COI": "condition inversion",
    "OSW": "operand swap",
    "RVR": "return value replacement",
}
HIGHER_ORDER = "HOM"
# the codes hand-written items use besides (corpus/FORMAT.md)
OTHER_NAMES = {
    HIGHER_ORDER: "higher-order mutant: two faults at once",
    "EDGE": "missing edge-case check",
    "OTHER": "other defect",
}
NAMES: dict[str, str] = MUTATION | OTHER_NAMES
# the codes a hand-written item.toml may name (any code of MUTATION is accepted too)
HAND_WRITTEN = ("AOR", "ROR", "UOI", "LCR", "SDL", HIGHER_ORDER, "EDGE", "OTHER")
# codes no longer accepted -> their replacement. ABS means absolute-value insertion in the mutation literature,
# not a missing edge-case check, so corpus format 1.2 calls that EDGE.
RENAMED = {"ABS": "EDGE"}


def legend(codes) -> str:
    """The codes given, each with its name, in the table's order (unknown codes last, as they are)."""
    order = list(NAMES)
    known = sorted((c for c in set(codes) if c in NAMES), key=order.index)
    rest = sorted(c for c in set(codes) if c not in NAMES)
    return "; ".join([f"{c} {NAMES[c]}" for c in known] + rest)


def codes_table() -> str:
    """Every code with its name and who uses it: the README's and corpus/FORMAT.md's table (tests/test_docs.py)."""
    rows = []
    for code, name in NAMES.items():
        users = [u for u, yes in (("hand-written items", code in HAND_WRITTEN), ("`mutate`", code in MUTATION
                                  or code == HIGHER_ORDER)) if yes]
        rows.append(f"| `{code}` | {name} | {', '.join(users)} |")
    return "\n".join(["| code | meaning | used by |", "|---|---|---|", *rows])
