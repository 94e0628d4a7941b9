"""SDL, statement deletion: a statement is removed; a block it leaves empty gets `pass`.

A block reduced to `pass` reads as a stub anyone sees, and so do two shapes that keep a statement: a function
left holding only its docstring, and a `try` body left holding only `return <literal>` (`try: return True` /
`except X: return False`, a test that can no longer fail). The default corpus drops those deletions: a kept
deletion leaves no trace on the page but what the code no longer does."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import MISSING, Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import STRINGS, code, is_literal, is_log_call

CODE = "SDL"
CHANGES = "a block left empty gets `pass`"
NODES = (cst.SimpleStatementLine,)
VOCABULARY: dict[str, tuple[str, ...]] = {"delete": MISSING}
LABELS = {"delete": "statement deleted"}


def sites(node: cst.SimpleStatementLine, at: Place) -> None:
    """A statement of a function, deleted by whole lines (a bare literal, `pass` and declarations are not)."""
    if not at.function or len(node.body) != 1:
        return
    small = node.body[0]
    if isinstance(small, (cst.Pass, cst.Global, cst.Nonlocal, cst.Import, cst.ImportFrom)):
        return
    if isinstance(small, cst.AnnAssign) and small.value is None:
        return
    parent = at.parent
    arid = at.arid or (isinstance(small, cst.Expr) and is_log_call(small.value))
    if isinstance(small, cst.Expr) and isinstance(small.value, (*STRINGS, cst.Ellipsis, cst.Integer)):
        docstring = isinstance(small.value, STRINGS) and parent.body[0] is node
        if not docstring:
            return
        arid = True
    pos = at.position(node)
    first, last = pos.start.line, pos.end.line
    if isinstance(parent, cst.IndentedBlock) and len(parent.body) == 1:
        at.lines("delete", first, last, at.indent(first, pos.start.column) + "pass" + at.eol(last), arid=arid)
    else:
        left = [s for s in getattr(parent, "body", ()) if s is not node]
        at.lines("delete", first, last, "", arid=arid, removed=(first, last), obvious=_left_holding(left, at))


def _left_holding(left: list[cst.BaseStatement], at: Place) -> str:
    """Why what the block keeps gives the deletion away: a function body of only its docstring, or a `try`
    body of only `return <literal>` ("" otherwise)."""
    if len(left) != 1 or not isinstance(left[0], cst.SimpleStatementLine) or len(left[0].body) != 1:
        return ""
    kept = left[0].body[0]
    if isinstance(at.owner, cst.FunctionDef) and isinstance(kept, cst.Expr) and isinstance(kept.value, STRINGS):
        return "function left with only its docstring"
    if (isinstance(at.owner, (cst.Try, cst.TryStar)) and isinstance(kept, cst.Return) and kept.value is not None
            and is_literal(code(kept.value))):
        return "try body reduced to a constant return"
    return ""


def obvious(site: Site) -> str:
    return "block reduced to pass" if site.mutated == "pass" else ""


def examples() -> list[Example]:
    return [
        Example("def f(a):\n    a.sort()\n    return a[0]\n", "delete", "def f(a):\n    return a[0]\n"),
        Example("def f(a):\n    if a:\n        a.clear()\n    return a\n", "delete",
                "def f(a):\n    if a:\n        pass\n    return a\n", "block reduced to pass"),
        Example('def f(a):\n    """Clear a."""\n    a.clear()\n', "delete", 'def f(a):\n    """Clear a."""\n',
                "function left with only its docstring"),
        Example("def f(a):\n    try:\n        a.check()\n        return True\n    except ValueError:\n"
                "        return False\n", "delete",
                "def f(a):\n    try:\n        return True\n    except ValueError:\n        return False\n",
                "try body reduced to a constant return"),
    ]
