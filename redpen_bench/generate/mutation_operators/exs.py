"""EXS, exception swallowing: a handler's body, or a `raise` in it, becomes `pass`. A handler reduced to
`pass` announces itself, so the default corpus drops every EXS mutant (`--include-obvious` keeps them)."""

from __future__ import annotations

import libcst as cst

from redpen_bench.generate.mutation_operators.common import Example, Place, Site

CODE = "EXS"
CHANGES = "handler body or a `raise` in it becomes `pass`"
NODES = (cst.ExceptHandler, cst.Raise)
_SWALLOW = ("swallow", "silenc", "silent", "ignor", "suppress", "hidden", "hides", "propagat", "re raise",
            "reraise", "caught", "catch", "except:", "except block", "except clause", "the except", "handler")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "swallow": _SWALLOW,
    "raise->pass": (*_SWALLOW, "not raised", "never raised", "no longer raise", "should raise",
                    "raise is", "raise was"),
}
LABELS = {"swallow": "exception swallowed", "raise->pass": "raise became pass"}


def sites(node: cst.ExceptHandler | cst.Raise, at: Place) -> None:
    if isinstance(node, cst.Raise):
        if at.in_handler:
            at.replace("raise->pass", node, cst.Pass())
        return
    body = node.body
    if isinstance(body, cst.SimpleStatementSuite):
        if not all(isinstance(s, cst.Pass) for s in body.body):
            at.replace("swallow", body, body.with_changes(body=[cst.Pass()]))
        return
    statements = body.body
    if len(statements) == 1 and isinstance(statements[0], cst.SimpleStatementLine) and all(
            isinstance(s, cst.Pass) or (isinstance(s, cst.Expr) and isinstance(s.value, cst.Ellipsis))
            for s in statements[0].body):
        return  # already swallowed
    first, last = at.position(statements[0]), at.position(statements[-1])
    indent = at.indent(first.start.line, first.start.column)
    at.lines("swallow", first.start.line, last.end.line, indent + "pass" + at.eol(last.end.line))


def obvious(site: Site) -> str:
    return "handler reduced to pass"


def examples() -> list[Example]:
    return [Example("def f(a):\n    try:\n        return a()\n    except KeyError:\n        raise\n", "raise->pass",
                    "def f(a):\n    try:\n        return a()\n    except KeyError:\n        pass\n",
                    "handler reduced to pass")]
