"""Excerpts of long modules: self-contained, renumbered, fixed and defective differing only at the mutation."""

from __future__ import annotations

import difflib

from redpen_bench.generate.excerpt import excerpt
from redpen_bench.generate.operators import scan


def _filler(name: str, lines: int) -> str:
    body = "".join(f"    step_{i} = count + {i}\n" for i in range(lines))
    return f"def {name}(count):\n    \"\"\"Unrelated work.\"\"\"\n{body}    return count\n"


LONG = "\n\n".join([
    '"""Shipping rates."""\n\nimport math\nfrom decimal import Decimal\n',
    "BASE_RATE = Decimal(\"4.50\")\nFREE_ABOVE = 100\nUNUSED = 7\n",
    _filler("unrelated_before", 60),
    "def _round_up(amount):\n    return math.ceil(amount)\n",
    "def _weight_units(grams):\n    units = _round_up(grams / 500)\n    return max(units, 1)\n",
    "@dataclass_like\nclass Parcel:\n    def __init__(self, grams):\n        self.grams = grams\n",
    "def shipping(parcel, total):\n"
    "    \"\"\"Rate for one parcel.\"\"\"\n"
    "    if total >= FREE_ABOVE:\n"
    "        return Decimal(0)\n"
    "    units = _weight_units(parcel.grams)\n"
    "    rate = BASE_RATE * units\n"
    "    return rate\n",
    _filler("unrelated_after", 60),
    "def dataclass_like(cls):\n    return cls\n",
    "LIMITS = {\"max\": 30}\n",
]) + "\n"


def _check(mutant, part):
    defective = part.defective.splitlines()
    mutated = mutant.source.splitlines()
    for planted, ex in zip(mutant.lines, part.lines):
        assert defective[ex - 1] == mutated[planted - 1]
    for key, extra in mutant.sites.items():
        ex_key = part.lines[mutant.lines.index(key)]
        assert [defective[n - 1] for n in part.sites[ex_key]] == [mutated[n - 1] for n in extra]
    ops = [op for op in difflib.SequenceMatcher(None, part.fixed.splitlines(), defective, autojunk=False)
           .get_opcodes() if op[0] != "equal"]
    if mutant.removed:
        assert len(ops) == 1 and ops[0][0] == "delete" and ops[0][2] - ops[0][1] == len(mutant.removed)
    else:
        changed = {j + 1 for op in ops for j in range(op[3], op[4])}
        assert changed == set(part.lines)


def test_long_module_excerpt_is_self_contained_and_renumbered():
    assert len(LONG.splitlines()) > 150
    mutants = [m for m in scan(LONG, include_obvious=True).mutants if m.scope == "shipping"]
    assert {m.operator for m in mutants} >= {"ROR", "AOR", "SDL", "COD", "RVR"}
    for mutant in mutants:
        part = excerpt(LONG, mutant)
        _check(mutant, part)
        text = part.fixed
        assert "import math" in text and "from decimal import Decimal" in text and '"""Shipping rates."""' in text
        assert "BASE_RATE = " in text and "FREE_ABOVE = " in text
        assert "def _weight_units" in text and "def _round_up" in text    # transitively, through _weight_units
        assert "UNUSED" not in text and "unrelated_before" not in text and "unrelated_after" not in text
        assert "class Parcel" not in text and "LIMITS" not in text
        assert part.first_line == LONG.splitlines().index("def shipping(parcel, total):") + 1
        compile(part.fixed, "<fixed>", "exec")
        compile(part.defective, "<defective>", "exec")


def test_class_excerpt_includes_its_decorator_definition():
    mutant = next(m for m in scan(LONG, ["SDL"], include_obvious=True).mutants if m.scope == "Parcel")
    part = excerpt(LONG, mutant)
    assert part.fixed.splitlines()[0] == '"""Shipping rates."""'
    assert "@dataclass_like" in part.fixed and "def dataclass_like(cls)" in part.fixed
    assert "def shipping" not in part.fixed
    _check(mutant, part)


def test_module_level_mutant_in_a_long_file():
    mutant = next(m for m in scan(LONG, ["CRP"], include_obvious=True).mutants if m.original == "30" and not m.scope)
    assert mutant.scope == ""
    part = excerpt(LONG, mutant)
    assert part.fixed.splitlines()[-1] == 'LIMITS = {"max": 30}' and "def " not in part.fixed
    assert part.defective.splitlines()[part.lines[0] - 1] == 'LIMITS = {"max": 31}'
    _check(mutant, part)


def test_short_module_is_excerpted_whole():
    source = "def f(a, b):\n    return a - b\n"
    mutant = scan(source, ["AOR"], include_obvious=True).mutants[0]
    part = excerpt(source, mutant)
    assert (part.fixed, part.defective, part.lines, part.first_line) == (source, mutant.source, (2,), 1)
