"""EXS, exception swallowing: a handler's body, or a `raise` in it, becomes `pass`. A handler reduced to
`pass` announces itself, so the default corpus drops every EXS mutant (`--include-obvious` keeps them)."""

from __future__ import annotations

from redpen_bench.generate.mutation_operators.common import Example, Site

CODE = "EXS"
_SWALLOW = ("swallow", "silenc", "silent", "ignor", "suppress", "hidden", "hides", "propagat", "re raise",
            "reraise", "caught", "catch", "except:", "except block", "except clause", "the except", "handler",
            "pass")
VOCABULARY: dict[str, tuple[str, ...]] = {
    "swallow": _SWALLOW,
    "raise->pass": (*_SWALLOW, "not raised", "never raised", "no longer raise", "should raise", "raise"),
}
LABELS = {"swallow": "exception swallowed", "raise->pass": "raise became pass"}


def obvious(site: Site) -> str:
    return "handler reduced to pass"


def examples() -> list[Example]:
    return [Example("def f(a):\n    try:\n        return a()\n    except KeyError:\n        raise\n", "raise->pass",
                    "def f(a):\n    try:\n        return a()\n    except KeyError:\n        pass\n",
                    "handler reduced to pass")]
