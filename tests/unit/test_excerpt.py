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


def test_a_name_defined_twice_excerpts_the_definition_that_holds_the_mutant():
    """toolz defines `_check_sigspec` twice, the second time under `if PYPY:`: a mutant of the second was excerpted
    from the first, and its original.py was its fixed.py."""
    second = ("if PYPY:\n    def shipping(parcel, total):\n        if parcel in REGISTRY:\n            return 0\n"
              "        return total\n")
    source = LONG + "\n\n" + second
    line = source.splitlines().index("        if parcel in REGISTRY:") + 1
    mutant = next(m for m in scan(source, ["ROR"], include_obvious=True).mutants if line in m.source_lines)
    part = excerpt(source, mutant)
    assert part.fixed != part.defective and "if PYPY:" in part.fixed and "BASE_RATE" not in part.fixed
    _check(mutant, part)


def test_short_module_is_excerpted_whole():
    source = "def f(a, b):\n    return a - b\n"
    mutant = scan(source, ["AOR"], include_obvious=True).mutants[0]
    part = excerpt(source, mutant)
    assert (part.fixed, part.defective, part.lines, part.first_line) == (source, mutant.source, (2,), 1)


# A long module of the shapes real projects have: a relative import, a try/except import, imports only some
# functions use, a TYPE_CHECKING block read by a quoted annotation (python-slugify, toolz).
PROJECT_MODULE = "\n".join([
    '"""Slugs."""',
    "",
    "from __future__ import annotations",
    "",
    "import re",
    "import string",
    "from itertools import groupby, islice",
    "from typing import TYPE_CHECKING",
    "",
    "from .helpers import (",
    "    clean,",
    "    squash,",
    ")",
    "",
    "try:",
    "    from unicodedata2 import normalize",
    "except ImportError:",
    "    from unicodedata import normalize",
    "",
    "if TYPE_CHECKING:",
    "    from collections.abc import Iterable",
    "",
    'PATTERN = re.compile(r"[^a-z]+")',
    "",
    "",
    "def ascii_only(text):",
    '    return normalize("NFKD", text).encode("ascii", "ignore").decode()',
    "",
    "",
    "def first_words(words: \"Iterable[str]\", count):",
    "    if count <= 0:",
    "        return []",
    "    return list(islice(words, count))",
    "",
    "",
    _filler("unrelated", 130),
    "",
    "def runs(text):",
    "    return [key for key, _ in groupby(squash(text))]",
    "",
]) + "\n"


def _part(function: str, operator: str):
    mutant = next(m for m in scan(PROJECT_MODULE, [operator], include_obvious=True).mutants if m.scope == function)
    return mutant, excerpt(PROJECT_MODULE, mutant)


def test_excerpt_keeps_a_try_except_import_the_function_uses():
    mutant, part = _part("ascii_only", "SDL")
    _check(mutant, part)
    assert "try:\n    from unicodedata2 import normalize\nexcept ImportError:\n    from unicodedata import normalize" \
        in part.fixed


def test_excerpt_keeps_only_the_imported_names_it_uses():
    mutant, part = _part("first_words", "ROR")
    _check(mutant, part)
    text = part.fixed
    assert "from itertools import islice\n" in text and "groupby" not in text       # a multi-name import, pruned
    assert "if TYPE_CHECKING:\n    from collections.abc import Iterable" in text   # read by a quoted annotation
    assert "from typing import TYPE_CHECKING" in text and "from __future__ import annotations" in text
    assert "import re" not in text and "import string" not in text and "helpers" not in text
    assert "normalize" not in text and "PATTERN" not in text
    # the source's own spacing: one blank line between import groups, none inside one, two before a function
    assert text.startswith('"""Slugs."""\n\nfrom __future__ import annotations\n\nfrom itertools import islice\n'
                           "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:")
    assert "Iterable\n\n\ndef first_words" in text


def test_excerpt_keeps_a_wrapped_relative_import_wrapped():
    mutant, part = _part("runs", "RVR")
    _check(mutant, part)
    assert "from .helpers import (\n    squash,\n)" in part.fixed and "clean" not in part.fixed
    assert "from itertools import groupby\n" in part.fixed


def test_a_mutated_import_block_brings_a_statement_that_uses_it():
    mutant = next(m for m in scan(PROJECT_MODULE, ["EXS"], include_obvious=True).mutants if not m.scope)
    part = excerpt(PROJECT_MODULE, mutant)
    _check(mutant, part)
    assert "def ascii_only" in part.fixed  # else `normalize` would be an import nothing uses


def test_the_description_numbers_lines_as_the_excerpt_does():
    mutant, part = _part("first_words", "ROR")
    assert mutant.description.startswith(f"Line {mutant.lines[0]}: ") and mutant.lines[0] > 20
    assert part.description == mutant.description.replace(f"Line {mutant.lines[0]}: ", f"Line {part.lines[0]}: ")
    hom = next(m for m in scan(PROJECT_MODULE).mutants if m.scope == "first_words" and m.operator == "CRP")
    pair = excerpt(PROJECT_MODULE, hom)
    assert pair.description.startswith(f"Line {pair.lines[0]}: ")


def test_a_parameter_or_local_that_shadows_an_import_does_not_keep_it():
    source = PROJECT_MODULE + (
        "\n\ndef tokens(string, re=None):\n"
        "    normalize = str.lower\n"
        "    words = [normalize(w) for w in string.split()]\n"
        "    return [w for w in words if not re or re.match(w)] or None\n")
    mutant = next(m for m in scan(source, ["LCR"]).mutants if m.scope == "tokens")
    part = excerpt(source, mutant)
    _check(mutant, part)
    assert "import string" not in part.fixed and "import re" not in part.fixed and "normalize" not in \
        part.fixed.split("def tokens")[0]
