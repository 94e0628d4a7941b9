"""Which mutation operator a fix undoes, when it undoes one: a one-line fix whose two sides differ in one token
(`>` at P, `>=` at F: the defect is the mutant ROR plants as `>=->>`), a constant off by one (CRP `+1`/`-1`), a
`not` dropped or added (UOI), or a missing statement (SDL `delete`). The mechanism names the change from the
correct code (F) to the defect (P), as a mutant's does, so the operator's vocabulary is what a reviewer says about
it (generate/mutation_operators). Anything else matches no operator: OTHER."""

from __future__ import annotations

import io
import tokenize

from redpen_bench.generate.mutation_operators import MODULES

_CODE = {mechanism: module.CODE for module in MODULES for mechanism in module.VOCABULARY}
_SKIP = (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT, tokenize.ENDMARKER)


def _tokens(line: str) -> list[str] | None:
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(line.strip()).readline) if t.type not in _SKIP]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None


def _number(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def match(defective: str, correct: str) -> tuple[str, str] | None:
    """(operator code, mechanism) for one line of P and the line of F that replaces it, or None."""
    old, new = _tokens(defective), _tokens(correct)
    if old is None or new is None:
        return None
    if len(old) == len(new):
        differ = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
        if len(differ) != 1:
            return None
        bad, good = differ[0]
        key = f"{good}->{bad}"
        if key in _CODE:
            return _CODE[key], key
        if (n := _number(bad)) is not None and (m := _number(good)) is not None and abs(n - m) == 1:
            key = "+1" if n > m else "-1"
            return (_CODE[key], key) if key in _CODE else None
        return None
    longer, shorter, key = (old, new, "insert not") if len(old) > len(new) else (new, old, "drop not")
    if len(longer) == len(shorter) + 1 and key in _CODE:
        for i, token in enumerate(longer):
            if token == "not" and longer[:i] + longer[i + 1:] == shorter:
                return _CODE[key], key
    return None


def missing_statement() -> tuple[str, str] | None:
    """A fix that only inserts a statement: the mutant SDL plants by deleting it."""
    return (_CODE["delete"], "delete") if "delete" in _CODE else None
