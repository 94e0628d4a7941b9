"""Keyword groups and titles for generated items: what a right explanation of a mutant says.

The first group names the mechanism in the words a reviewer writes (one template per mechanism label that
`operators` produces); the second holds the domain words of the mutated statement.
"""

from __future__ import annotations

import builtins
import io
import keyword
import re
import tokenize

from redpen_bench.generate.operators import Mutant

_ARITH = ["arithmetic", "operator", "wrong operation", "calculat", "comput"]
_BOUNDARY = ["off by one", "off-by-one", "boundary", "inclusive", "exclusive", "strict", "edge", "<=", ">="]
_DELETE = ["missing", "never", "omit", "forgot", "not called", "no longer", "skipped", "removed", "deleted"]

TEMPLATES: dict[str, list[str]] = {
    "+->-": ["subtract", "minus", "instead of add", "addition", "adding", "plus", "sign"],
    "-->+": ["adds", "addition", "instead of subtract", "subtraction", "minus", "plus", "sign"],
    "*->/": ["divid", "division", "instead of multipl", "multiplication", "multipl"],
    "/->//": ["floor division", "integer division", "truncat", "//", "rounds down", "true division"],
    "/->*": ["multipl", "instead of divid", "division", "divid", "inverted"],
    "//->/": ["true division", "float division", "floor division", "integer division", "fraction", "//"],
    "%->//": ["modulo", "remainder", "floor division", "quotient", "integer division"],
    "**->*": ["power", "exponent", "squar", "multipl", "**"],
    "<-><=": ["less than or equal", *_BOUNDARY],
    "<=-><": ["less than", *_BOUNDARY],
    ">->>=": ["greater than or equal", *_BOUNDARY],
    ">=->>": ["greater than", *_BOUNDARY],
    "==->!=": ["not equal", "equality", "inverted", "negated", "opposite", "!=", "=="],
    "!=->==": ["equal", "inequality", "inverted", "negated", "opposite", "!=", "=="],
    "is->is not": ["is not", "identity", "inverted", "negated", "opposite", "none check"],
    "is not->is": ["is none", "identity", "inverted", "negated", "opposite", "none check"],
    "in->not in": ["not in", "membership", "contain", "inverted", "negated", "opposite"],
    "not in->in": ["membership", "contain", "inverted", "negated", "opposite", "not in"],
    "and->or": ["or", "and", "logical", "either", "both", "condition"],
    "or->and": ["and", "or", "logical", "either", "both", "condition"],
    "drop not": ["negation", "negat", "not", "inverted", "opposite", "missing not"],
    "insert not": ["negation", "negat", "not", "inverted", "opposite", "reversed"],
    "drop minus": ["sign", "negative", "negat", "minus", "absolute"],
    "insert minus": ["sign", "negative", "negat", "minus", "flipped"],
    "delete": _DELETE,
    "+1": ["off by one", "off-by-one", "constant", "one too", "too many", "too large", "literal"],
    "-1": ["off by one", "off-by-one", "constant", "one too", "too few", "too small", "literal"],
    "True->False": ["true", "false", "flag", "default", "inverted", "opposite", "boolean"],
    "False->True": ["true", "false", "flag", "default", "inverted", "opposite", "boolean"],
    "drop start": ["slice", "start index", "from the beginning", "first element", "offset", "skip"],
    "drop stop": ["slice", "end index", "stop index", "to the end", "last element", "limit", "truncat"],
    "drop step": ["slice", "step", "stride", "every", "skip"],
    "swallow": ["swallow", "silenc", "ignor", "suppress", "exception", "error is lost", "hidden"],
    "raise->pass": ["swallow", "silenc", "ignor", "suppress", "not raised", "no longer raise", "exception"],
    "if True": ["always", "unconditional", "condition", "check", "guard", "regardless"],
    "if False": ["never", "dead code", "condition", "check", "guard", "skipped", "unreachable"],
    "invert": ["inverted", "negat", "opposite", "reversed", "backwards", "condition"],
    "swap": ["swapped", "reversed", "order", "operands", "backwards", "wrong way round", "other way"],
    "->None": ["none", "return value", "returns nothing", "discarded", "missing return"],
    "->not": ["inverted", "negat", "opposite", "return value", "wrong boolean", "true", "false"],
    "->0": ["zero", "return value", "returns 0", "constant", "discarded"],
}
for _op, _new in (("+", "-"), ("-", "+"), ("*", "/"), ("/", "//"), ("//", "/"), ("%", "//"), ("**", "*")):
    TEMPLATES[f"{_op}=->{_new}="] = [*TEMPLATES[f"{_op}->{_new}"], "accumulat", "augmented", "update"]

_COMMON = {
    "self", "cls", "value", "values", "result", "results", "data", "item", "items", "list", "dict", "obj",
    "args", "kwargs", "none", "true", "false", "return", "new", "old", "tmp", "val", "var", "get", "set",
    "the", "and", "for", "not", "key", "keys", "func", "arg", "str", "int", "num",
}
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_LABELS = {
    "delete": "statement deleted", "swallow": "exception swallowed", "raise->pass": "raise became pass",
    "if True": "condition forced true", "if False": "condition forced false", "invert": "condition inverted",
    "swap": "operands swapped", "->None": "return value became None", "->not": "returned boolean negated",
    "->0": "return value became 0", "drop not": "`not` dropped", "insert not": "`not` inserted",
    "drop minus": "unary minus dropped", "insert minus": "unary minus inserted", "+1": "constant +1",
    "-1": "constant -1", "drop start": "slice start dropped", "drop stop": "slice stop dropped",
    "drop step": "slice step dropped",
}


def _identifiers(text: str) -> list[str]:
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.NAME]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return re.findall(r"[A-Za-z_][A-Za-z0-9_]*", re.sub(r"([\"']).*?\1", " ", text))


def domain_words(statement_text: str) -> list[str]:
    """Identifier words of a statement: snake_case and camelCase split, lower-cased, 3+ letters, no
    keywords, builtins or words too common to name a domain; in order of first appearance."""
    skip = set(keyword.kwlist) | {name.lower() for name in dir(builtins)} | _COMMON
    words: list[str] = []
    for name in _identifiers(statement_text):
        for part in name.split("_"):
            for word in _WORDS.findall(part):
                word = word.lower()
                if len(word) >= 3 and not word.isdigit() and word not in skip and word not in words:
                    words.append(word)
    return words


def mechanism_group(mechanism: str) -> list[str]:
    return list(TEMPLATES[mechanism])


def keyword_groups(mutant: Mutant, statement_text: str) -> list[list[str]]:
    """The mechanism group (two of them, one per part, for a higher-order mutant), then the domain words of
    the mutated statement when it has any."""
    parts = mutant.parts or (mutant,)
    groups = [mechanism_group(part.mechanism) for part in parts]
    words = domain_words(statement_text)
    return [*groups, words] if words else groups


def _change(mutant: Mutant) -> str:
    if mutant.mechanism in _LABELS:
        return _LABELS[mutant.mechanism]
    old, new = mutant.mechanism.split("->")
    return f"{old} became {new}"


def title(mutant: Mutant) -> str:
    """A short item title: "AOR: / became // in fee_total"."""
    where = mutant.function or mutant.scope or "module level"
    if mutant.parts:
        return f"HOM: {_change(mutant.parts[0])} and {_change(mutant.parts[1])} in {where}"
    return f"{mutant.operator}: {_change(mutant)} in {where}"
