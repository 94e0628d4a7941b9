"""Keyword groups and titles for generated items: what a right explanation of a mutant says.

The first group names the mechanism: the words reviewers use for that change (its operator module's
vocabulary, generate/mutation_operators/) and the changed code as an explanation quotes it, before and after
(`page + 1`, `page - 1`). The last group names what the defect is about: the identifiers of the changed
statement (for a deletion, of the deleted statement; for a constant condition, a stub return or a swallowed
handler, of the code it replaced), whole (`is_retryable`, `_orders`) and split into words (`retryable`,
`orders`), so a reviewer who names the subject in prose or quotes the code hits it. Words that bug reports use
for anything (`index`, `total`, `value`), and the module's own words (those a quarter of its functions use: `cache`
in a caching library, `cart` in a cart module), name a subject only when nothing more specific is there: any
explanation of any function of that file says them. A subject of the item's own words is listed twice, so it
weighs twice the mechanism's words, which every item of the operator family shares; one of only the module's or
bug-report words is listed once, as other items of the file share it.
"""

from __future__ import annotations

import ast
import builtins
import io
import keyword
import re
import tokenize
from functools import lru_cache

from redpen_bench.generate.mutation_operators import LABELS, sdl, vocabulary
from redpen_bench.generate.mutation_operators.crp import number_phrases
from redpen_bench.generate.operators import Mutant

_COMMON = {
    "self", "cls", "value", "values", "result", "results", "data", "item", "items", "list", "dict", "obj",
    "args", "kwargs", "none", "true", "false", "return", "new", "old", "tmp", "val", "var", "get", "set",
    "the", "and", "for", "not", "key", "keys", "func", "arg", "str", "int", "num",
}
# words of ordinary bug reports: a subject group of only these would be hit by any generic explanation
_BUG_REPORT = {
    "count", "counter", "total", "index", "limit", "size", "length", "first", "last", "start", "end", "min", "max",
    "sum", "error", "check", "flag", "state", "default", "input", "output", "number", "field", "order", "empty",
    "zero", "one", "two", "case", "edge", "bound", "boundary", "loop", "element", "exception", "missing",
    # everyday words any explanation uses, whatever code they name (`line`, `__call__`, `time`, `_checked_out`)
    "line", "lines", "call", "calls", "time", "out", "per", "removed", "deleted", "init", "wait",
}
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def _identifiers(text: str) -> list[str]:
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.NAME]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return re.findall(r"[A-Za-z_][A-Za-z0-9_]*", re.sub(r"([\"']).*?\1", " ", text))


@lru_cache(maxsize=1)
def _not_domain_words() -> frozenset[str]:
    return frozenset(keyword.kwlist) | {name.lower() for name in dir(builtins)} | _COMMON


def domain_words(statement_text: str) -> list[str]:
    """Identifier words of a statement: snake_case and camelCase split, lower-cased, 3+ letters, no
    keywords, builtins or words too common to name a domain; in order of first appearance."""
    skip = _not_domain_words()
    words: list[str] = []
    for name in _identifiers(statement_text):
        for part in name.split("_"):
            for word in _WORDS.findall(part):
                word = word.lower()
                if len(word) >= 3 and not word.isdigit() and word not in skip and word not in words:
                    words.append(word)
    return words


def _whole_names(statement_text: str) -> list[str]:
    """Identifiers with an underscore inside, as written (`is_retryable`, `_orders`): split words miss them
    when an explanation quotes the code (a phrase starts at a word start, and `_` is a word character)."""
    names = []
    for name in _identifiers(statement_text):
        core = name.strip("_")
        if "_" in name and len(core) >= 3 and not name.startswith("__") and name not in names:
            names.append(name)
    return names


def subject_words(statement_text: str, module_wide: frozenset[str] = frozenset(), fallback: bool = True) -> list[str]:
    """What a defect is about: the statement's domain words (specific ones; bug-report words and the module's
    own words only when nothing else is there, and never without `fallback`) and its underscored names whole
    (unless every word of one is the module's)."""
    words = domain_words(statement_text)
    specific = [w for w in words if w not in _BUG_REPORT and w not in module_wide]
    if fallback:
        specific = (specific or [w for w in words if w not in module_wide]
                    or [w for w in words if w not in _BUG_REPORT] or words)
    whole = [n for n in _whole_names(statement_text) if n.lower() not in specific
             and not set(domain_words(n)) <= module_wide]
    return [w.lower() for w in [*specific, *whole]]


# A word is the module's own when at least this share of its functions (and at least _WIDE_MIN of them) use it.
_WIDE_SHARE = 0.25
_WIDE_MIN = 3


@lru_cache(maxsize=256)
def module_words(source: str, scope: str = "") -> frozenset[str]:
    """Domain words that most functions of a module (or of its top-level class `scope`) use: words any
    explanation of any of its functions says (the names of the module's classes and state: `cache`, `expires`
    in a TTL cache class), which tell one item of the file from another no better than the file's name. Empty
    for fewer than _WIDE_MIN functions or a module that does not parse."""
    tree = _parsed(source)
    if tree is None:
        return frozenset()
    if scope:
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == scope]
        if not classes:
            return frozenset()
        tree = classes[0]
    functions = _functions(tree)
    if len(functions) < _WIDE_MIN:
        return frozenset()
    lines = source.splitlines()
    uses: dict[str, int] = {}
    for function in functions:
        # a mutant changes one function of its module: every other one has the same text as in the module and
        # in its other mutants, and its words are looked up, not worked out again (mutate asks for every mutant)
        first = min([function.lineno, *(d.lineno for d in function.decorator_list)])
        for word in _function_words("\n".join(lines[first - 1:function.end_lineno]), function):
            uses[word] = uses.get(word, 0) + 1
    least = max(_WIDE_MIN, _WIDE_SHARE * len(functions))
    return frozenset(word for word, n in uses.items() if n >= least)


@lru_cache(maxsize=4)
def _parsed(source: str) -> ast.Module | None:
    """The module's tree, once for both of keyword_groups's questions (the module's words, its class's)."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function definition under `tree`, nested ones too: a definition is a statement, so only statement
    lists are searched, not expressions."""
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(node, name, ()):
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    found.append(child)
                if isinstance(child, ast.stmt | ast.excepthandler | ast.match_case):
                    stack.append(child)
    return found


_FUNCTION_WORDS: dict[str, frozenset[str]] = {}  # a function's text -> its words; emptied when it grows too big
_FUNCTION_WORDS_MAX = 8192


def _function_words(text: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """The domain words of the names `function` uses (its own, variables, attributes, arguments), kept by its
    `text` (the lines it spans, decorators included): the same text, the same names."""
    found = _FUNCTION_WORDS.get(text)
    if found is None:
        names = {function.name}
        for node in ast.walk(function):
            if isinstance(node, ast.Name):
                names.add(node.id)
            elif isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
        found = frozenset(domain_words(" ".join(names)))
        if len(_FUNCTION_WORDS) >= _FUNCTION_WORDS_MAX:
            _FUNCTION_WORDS.clear()
        _FUNCTION_WORDS[text] = found
    return found


_FORM_CHARS = re.compile(r"[^\w\s]")
_KEYWORD_OPS = re.compile(r"\s(?:and|or|is|in)\s")  # `cond is not None or lock is None` is code, quoted as such
_COMPARISONS = {"<", "<=", ">", ">=", "==", "!="}
_BOUNDARY_OPS = {"<-><=": "<", "<=-><": "<=", ">->>=": ">", ">=->>": ">="}


def code_forms(*texts: str) -> list[str]:
    """The changed code as an explanation may quote it: as written, without spaces and without the parentheses
    around it (`(page + 1)`, `page+1`); only one-line expressions with an operator or bracket in them."""
    forms: list[str] = []
    for text in texts:
        text = " ".join(text.split())
        while text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
            text = text[1:-1]
        if (not 3 <= len(text) <= 60 or not (_FORM_CHARS.search(text) or _KEYWORD_OPS.search(text))
                or text in ("pass", "None")):
            continue
        for form in (text, text.replace(" ", "")):
            if form not in forms:
                forms.append(form)
    return forms


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            return False
    return depth == 0


def _tokens(text: str) -> list[str]:
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT)]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return text.split()


def _in_place(mutant: Mutant, planted_text: str) -> list[str]:
    """A changed literal or slice with what stands before it on the planted line (`< 1`, `return 0`,
    `reached[:]`), before and after the change: how explanations quote a change too small to quote alone."""
    forms: list[str] = []
    if mutant.operator == "CRP" and mutant.mechanism in ("+1", "-1"):
        tokens = _tokens(planted_text)
        for i, token in enumerate(tokens):
            if token == mutant.mutated.lstrip("-") and i:
                minus = tokens[i - 1] == "-" and i >= 2
                before = tokens[i - 2] if minus else tokens[i - 1]
                for value in (mutant.mutated, mutant.original):
                    forms += [f"{before} {value}", f"{before}{value}"]
                    if minus:  # `keys[-2]` for `keys[-1]`
                        forms += [f"{before}-{value}", f"{before} -{value}"]
                    if before in _COMPARISONS and i >= 2 and tokens[i - 2].isidentifier():  # `capacity < 2`
                        name = tokens[i - 2]  # "rejects capacity=1", "lets `capacity == 1` through"
                        forms += [f"{name}={value}", f"{name} = {value}", f"{name}=={value}", f"{name} == {value}"]
    if mutant.operator == "SIR":
        pattern = r"([A-Za-z_][\w.]*)\[\s*" + re.escape(mutant.mutated) + r"\s*\]"
        for name in re.findall(pattern, planted_text):
            forms += code_forms(f"{name}[{mutant.mutated}]", f"{name}[{mutant.original}]")
    if mutant.mechanism in _BOUNDARY_OPS:
        forms += code_forms(re.sub(rf"\s{re.escape(_BOUNDARY_OPS[mutant.mechanism])}\s", " == ", mutant.original,
                                   count=1))
    return forms


def mechanism_group(mutant: Mutant, planted_text: str = "") -> list[str]:
    """One first-order change: its vocabulary, then the changed code before and after (a deleted statement's
    phrases are its kind's, then the statement as an explanation quotes it: `return calls`, `pos += 3`)."""
    if mutant.operator == "SDL":
        return list(dict.fromkeys([*sdl.phrases(mutant.original), *_quoted_statement(mutant.original)]))
    phrases = list(vocabulary(mutant.mechanism))
    if mutant.operator == "CRP" and mutant.mechanism in ("+1", "-1"):
        phrases += number_phrases(mutant.original, mutant.mutated)
    if not mutant.removed and mutant.operator not in ("EXS", "COD"):
        phrases += code_forms(mutant.original, mutant.mutated)
    phrases += _in_place(mutant, planted_text)
    return list(dict.fromkeys(phrases))


def _quoted_statement(text: str) -> list[str]:
    """A short one-line statement as written (`return calls`) and in code_forms's forms (`pos+=3`)."""
    one = " ".join(text.split())
    if "\n" in text.strip() or len(one) > 60 or " " not in one:
        return []
    return list(dict.fromkeys([one, *code_forms(one)]))


def keyword_groups(mutant: Mutant, planted_text: str) -> list[list[str]]:
    """The mechanism group (one per part for a higher-order mutant), then the subject group (twice when it holds
    the item's own words). `planted_text`: the defective snippet's planted lines, whose words name the subject
    unless a part deleted a statement (its planted line is a neighbour: the deleted statement names it then)."""
    parts = mutant.parts or (mutant,)
    groups = [mechanism_group(part, planted_text) for part in parts]
    subject = " ".join(part.original for part in parts)
    if not any(part.removed for part in parts):
        subject = f"{planted_text}\n{subject}"
    where = (mutant.function or mutant.scope).rsplit(".", 1)[-1]
    wide = module_words(mutant.source) | module_words(mutant.source, mutant.scope)
    # the statement's and the function's specific words first: a word of the whole module (`pos` in a parser
    # whose every function takes `src, pos`) or of any bug report names the subject only when neither has one
    own = list(dict.fromkeys([*subject_words(subject, wide, fallback=False), *_function_subject(where, wide)]))
    if own:
        return [*groups, own, own]
    words = (subject_words(subject, wide) or subject_words(where)
             or subject_words(mutant.scope.rsplit(".", 1)[-1]))  # `Flags.is_` returning a constant: `flags`
    return [*groups, words] if words else groups


def _function_subject(where: str, wide: frozenset[str]) -> list[str]:
    """The function's own name: its specific words, and a private name whole (`__touch`: a phrase starts at a
    word start, so "touch" does not hit it). Not a special method's (`__contains__`, `__call__`): every class has
    them, and normalise() reads `__call__` as emphasis, "call"."""
    if where.startswith("__") and where.endswith("__"):
        return []
    words = [w for w in domain_words(where) if w not in wide and w not in _BUG_REPORT]
    whole = [*_whole_names(where), *([where] if where.startswith("__") else [])]
    return [*words, *(w.lower() for w in whole if w.lower() not in words)]


def _change(mutant: Mutant) -> str:
    if mutant.mechanism in LABELS:
        return LABELS[mutant.mechanism]
    old, new = mutant.mechanism.split("->")
    return f"{old} became {new}"


def title(mutant: Mutant) -> str:
    """A short item title: "AOR: / became // in fee_total"."""
    where = mutant.function or mutant.scope or "module level"
    if mutant.parts:
        return f"HOM: {_change(mutant.parts[0])} and {_change(mutant.parts[1])} in {where}"
    return f"{mutant.operator}: {_change(mutant)} in {where}"
