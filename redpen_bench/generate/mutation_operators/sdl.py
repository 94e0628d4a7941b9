"""SDL, statement deletion: a statement is removed; a block it leaves empty gets `pass`.

A block reduced to `pass` reads as a stub anyone sees, and so do two shapes that keep a statement: a function
left holding only its docstring, and a `try` body left holding only `return <literal>` (`try: return True` /
`except X: return False`, a test that can no longer fail). The default corpus drops those deletions: a kept
deletion leaves no trace on the page but what the code no longer does."""

from __future__ import annotations

import ast
import builtins
import re
import textwrap

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site
from redpen_bench.generate.mutation_operators.syntax import STRINGS, code, is_literal, is_log_call

CODE = "SDL"
CHANGES = "a block left empty gets `pass`"
NODES = (cst.SimpleStatementLine,)
# what a deleted statement did, as the stem of a verb: "never" or "doesn't" alone is in any bug report; with the
# verb of what the code no longer does it is not
_DONE = ("defin", "assign", "comput", "call", "set", "updat", "stor", "sav", "record", "add", "append", "increment",
         "decrement", "reset", "clear", "clos", "releas", "check", "validat", "creat", "initiali", "sum", "count",
         "appl", "writ", "put", "mark", "remov", "regist", "emit", "notif", "advanc", "mov", "bump", "rais", "get",
         "wait", "lock", "unlock", "flush", "copy", "sort", "delet", "pop", "push", "yield", "look")
_NOT = ("never", "doesnt", "does not", "no longer")
# how reviewers say that a statement is gone, whatever it did
_GONE = (
    "missing", "omit", "forgot", "forget", "removed", "deleted", "gone", "lacks", "lacking", "absent", "leaves out",
    "left out", "neglect", "not called", "not set", "not updated", "not reset", "not assigned", "not stored",
    "not saved", "not recorded", "not added", "not appended", "not incremented", "not decremented", "not checked",
    "not validated", "without ever", "without record", "without updat", "without sav", "without stor",
    "without call", "without defin", "without assign", "no body", "not implemented", "isnt implemented", "stub",
    *(f"{negation} {verb}" for verb in _DONE for negation in _NOT),
)
# a deleted binding of a local name: its next read fails
_UNBOUND = ("nameerror", "unbound", "undefined", "not defined", "uninitiali")
# a deleted `return` or `yield`: the function falls off its end
_NO_RETURN = (
    "lost its return", "lost the return", "no return", "missing return", "return statement", "without a return",
    "without returning", "implicitly returns none", "returns none implicitly", "implicit none", "falls off the end",
    "falls through", "doesnt return", "does not return", "never returns", "no longer return", "returns nothing",
    "return nothing", "instead of yielding", "without yielding",
)
# any explanation of any change says these ("no longer" alone, "ignores"): a deletion's own phrases leave them out
# (issue 32.5: other items' answers hit them), and only a missing statement of unknown kind (harvest's) has them
_ANY_CHANGE = ("no longer", "fails to", "failing to", "ignor")
_BUILTINS = frozenset(dir(builtins))  # a call of one names no action (`float(value)`)
VOCABULARY: dict[str, tuple[str, ...]] = {"delete": (*_GONE, *_ANY_CHANGE, *_UNBOUND, *_NO_RETURN)}
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


def phrases(deleted: str) -> tuple[str, ...]:
    """What a reviewer says of this deleted statement: that it is gone, in the words for what it did (a local
    name left unbound, a function falling off its end), and "never" or "no longer" with the verb of each call it
    made (`self.withdraw(amount)`: "never withdraw"). Two deletions of different kinds share fewer words."""
    try:
        tree = ast.parse(textwrap.dedent(deleted))
    except SyntaxError:
        return VOCABULARY["delete"]
    statement = tree.body[0] if len(tree.body) == 1 else None
    said = list(_GONE)
    if isinstance(statement, ast.Return) or (isinstance(statement, ast.Expr)
                                             and isinstance(statement.value, ast.Yield | ast.YieldFrom)):
        said += _NO_RETURN
    if isinstance(statement, ast.Assign | ast.AnnAssign) and any(_binds_a_name(t) for t in _targets(statement)):
        said += _UNBOUND
    for verb in _called_verbs(tree):
        said += [f"{negation} {verb}" for negation in (*_NOT, "without")]
    return tuple(dict.fromkeys(said))


def _targets(statement: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return statement.targets if isinstance(statement, ast.Assign) else [statement.target]


def _binds_a_name(target: ast.expr) -> bool:
    """`x = ...` and `x, y = ...` bind a local; `self.x = ...` and `d[k] = ...` store into an object."""
    if isinstance(target, ast.Tuple | ast.List):
        return any(_binds_a_name(element) for element in target.elts)
    return isinstance(target.value if isinstance(target, ast.Starred) else target, ast.Name)


def _called_verbs(tree: ast.AST) -> list[str]:
    """The first word of each function or method the code calls (`skip_chars`: "skip"), three letters or more
    and not a builtin's (`float(value)` names no action)."""
    verbs = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            words = re.findall(r"[a-z]+", name.lower())
            if words and len(words[0]) >= 3 and name not in _BUILTINS:
                verbs.append(words[0])
    return list(dict.fromkeys(verbs))

