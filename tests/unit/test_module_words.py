"""mechanisms.module_words keeps each function's words by the function's text, so a mutant's module looks up every
function the mutant did not change (mutate asks for every mutant of a file): the words are those worked out
afresh, and every definition is found, however deep among statements it sits."""

from __future__ import annotations

import ast
from pathlib import Path

from redpen_bench.generate import mechanisms
from redpen_bench.generate.operators import scan

PACKAGE = Path(__file__).parents[1] / "fixtures" / "mutate_src_project" / "src" / "tinytoolz"

NESTED = '''\
async def top():
    def inner():
        return 1
    return inner


class Box:
    def method(self):
        if self:
            def in_if():
                pass
        else:
            def in_else():
                pass
        try:
            def in_try():
                pass
        except ValueError:
            def in_handler():
                pass
        finally:
            def in_finally():
                pass
        for _ in ():
            def in_for():
                pass
        with open(__file__):
            def in_with():
                pass
        match self:
            case 1:
                def in_case():
                    pass
        return lambda: [x for x in ()]
'''


# "ledger" is used by three functions of four: a module word, until a mutant deletes the statement `audit` uses it in
LEDGER = '''\
def opening(ledger):
    return ledger.balance


def closing(ledger):
    return ledger.balance * 2


def audit(books):
    total = 0
    total += books.ledger_total
    return total


def other(x):
    return x + 1
'''


def test_every_definition_is_found_among_statements():
    tree = ast.parse(NESTED)
    walked = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    assert sorted(f.name for f in mechanisms._functions(tree)) == sorted(walked)
    assert len(walked) == 11


def test_words_looked_up_by_a_functions_text_are_those_worked_out_afresh():
    sources = [LEDGER, *((PACKAGE / name).read_text(encoding="utf-8") for name in ("itertoolz.py", "recipes.py"))]
    mutants = [m for source in sources for m in scan(source).mutants]
    assert len(mutants) > 20

    def words(mutant):
        return (mechanisms.module_words.__wrapped__(mutant.source),
                mechanisms.module_words.__wrapped__(mutant.source, mutant.scope))

    looked_up = [words(m) for m in mutants]
    afresh = []
    for mutant in mutants:
        mechanisms._FUNCTION_WORDS.clear()
        afresh.append(words(mutant))
    assert looked_up == afresh
    # a mutant can change its module's words: a lookup by anything but the function's text would miss it
    ledger = [found for (found, _), mutant in zip(afresh, mutants) if mutant.source.startswith("def opening")]
    assert "ledger" in mechanisms.module_words(LEDGER) and any("ledger" not in found for found in ledger)
