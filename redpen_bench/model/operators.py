"""The mutation-operator codes an item's `operators` (and a generated corpus's tiers) may name: one table, read by
the corpus loader, by `mutate` (redpen_bench/generate/operators.py plants MUTATION) and by the report's legend;
docs/mutate.md's operator table is `markdown_table()` (tests/unit/test_mutate_docs.py holds it to that)."""

from __future__ import annotations

# code -> (name, what `mutate` changes). In `mutate`'s order, which is a generated corpus's tier order.
MUTATION: dict[str, tuple[str, str]] = {
    "AOR": ("arithmetic operator replacement", "+ - * / // % ** and augmented forms"),
    "ROR": ("relational operator replacement", "boundary < <-> <=, == <-> !=, is/is not, in/not in"),
    "LCR": ("logical connector replacement", "and <-> or"),
    "UOI": ("unary operator insertion/deletion", "`not`, unary minus"),
    "SDL": ("statement deletion", "a block left empty gets `pass`"),
    "CRP": ("constant replacement", "int literal n -> n+1, n-1; True <-> False"),
    "SIR": ("slice index removal", "a[i:j] -> a[:j], a[i:]"),
    "EXS": ("exception swallowing", "handler body or a `raise` in it becomes `pass`"),
    "COD": ("conditional removal", "`if c:` -> `if True:` / `if False:`"),
    "COI": ("condition inversion", "`if c:` -> `if not (c):`, elif and ternary tests too"),
    "OSW": ("operand swap", "operands of a non-commutative operator: a - b -> b - a, a < b -> b < a"),
    "RVR": ("return value replacement", "None; `not x` for a bool; 0 for a number"),
}
HIGHER_ORDER = "HOM"
# the codes hand-written items use besides (corpus/FORMAT.md)
OTHER_NAMES = {
    HIGHER_ORDER: "higher-order mutant: two faults at once",
    "EDGE": "missing edge-case check",
    "OTHER": "other defect",
}
NAMES: dict[str, str] = {code: name for code, (name, _) in MUTATION.items()} | OTHER_NAMES
# the codes a hand-written item.toml may name (any code of MUTATION is accepted too)
HAND_WRITTEN = ("AOR", "ROR", "UOI", "LCR", "SDL", HIGHER_ORDER, "EDGE", "OTHER")
# codes no longer accepted -> their replacement. ABS means absolute-value insertion in the mutation literature,
# not a missing edge-case check, so corpus format 1.2 calls that EDGE.
RENAMED = {"ABS": "EDGE"}


def describe(code: str) -> str:
    """How `mutate` plants an operator, in one line: "arithmetic operator replacement (+ - * ...)"."""
    name, change = MUTATION[code]
    return f"{name} ({change})"


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


def markdown_table() -> str:
    """docs/mutate.md's operator table."""
    rows = [f"| `{code}` | {name} | {change} |" for code, (name, change) in MUTATION.items()]
    rows.append(f"| `{HIGHER_ORDER}` | {OTHER_NAMES[HIGHER_ORDER]} | two first-order mutants of one function, "
                "on different lines, applied together; each is killed alone too |")
    return "\n".join(["| code | operator | what it changes |", "|---|---|---|", *rows])
