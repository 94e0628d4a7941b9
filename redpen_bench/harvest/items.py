"""A verified fix as an item: original.py and fixed.py are the same excerpt of the source file at P and at F
(mutate's excerpting, generate/excerpt.py, so analyzers see no artefact), the planted lines are the fix's lines
of P (diff.py), item.toml records where the fix came from, test_item.py re-runs its F2P tests.

Tiers are the fix's size in planted lines (one-line, few-lines: 2-5, many-lines: 6 and more); the operator is the
mutation operator the fix undoes where it undoes one (harvest/mechanism.py: a one-token change, a constant off by
one, a `not`, a missing statement), else OTHER. Keyword groups: the change (that operator's vocabulary, then the
identifiers and values on one side of the diff but not the other, and the changed lines as an explanation may
quote them), then the subject (the function's name and the planted lines' domain words)."""

from __future__ import annotations

import ast
import hashlib
import io
import keyword
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

from redpen_bench.gate.integrity import lines_within_diff
from redpen_bench.generate import excerpt as excerpts
from redpen_bench.generate.items import toml_table
from redpen_bench.generate.mechanisms import code_forms, domain_words, subject_words
from redpen_bench.generate.mutation_operators import vocabulary
from redpen_bench.harvest import mechanism
from redpen_bench.harvest.diff import Planted, diff_ranges
from redpen_bench.model.keywords import normalise
from redpen_bench.model.lines import split_lines

TEMPLATE = Path(__file__).with_name("test_item.py.txt")
TIERS = ("one-line", "few-lines", "many-lines")
WHOLE_FILE = 150  # lines: a shorter module is shown whole, as mutate shows it


@dataclass(frozen=True)
class Harvested:
    """What a verified candidate becomes; returned by a task, written by the driver."""

    id: str
    files: dict[str, str]  # item file name -> text
    date: str
    f2p: tuple[str, ...]


def tier(planted: Planted) -> str:
    n = len(planted.lines)
    return TIERS[0] if n == 1 else TIERS[1] if n <= 5 else TIERS[2]


def snippet(before: str, after: str, planted: Planted):
    """The excerpt pair (generate/excerpt.Excerpt: fixed is F's, defective P's) or None when no honest one
    exists: a long module whose fix spans more than one top-level definition, or planted lines outside the
    diff between the excerpts (the gate's integrity rule)."""
    mutant = SimpleNamespace(source=before, lines=planted.lines, sites=planted.sites, description="",
                             source_lines=(), scope="")
    if max(len(split_lines(before)), len(split_lines(after))) > WHOLE_FILE:
        old, new = ast.parse(before).body, ast.parse(after).body
        holders_p = {_holder(old, a) for a1, a2, _, _ in diff_ranges(before, after) for a in (a1, max(a1, a2))}
        holders_f = {_holder(new, b) for _, _, b1, b2 in diff_ranges(before, after) for b in (b1, max(b1, b2))}
        names = holders_p | holders_f
        if len(names) != 1 or None in names:
            return None
        mutant.scope = names.pop()
    try:
        found = excerpts.excerpt(after, mutant, WHOLE_FILE)
    except ValueError:
        return None
    defective = split_lines(found.defective)
    inside = all(1 <= n <= len(defective) for n in found.lines)
    if not (found.lines and inside and set(found.lines) <= lines_within_diff(defective, split_lines(found.fixed))):
        return None
    return found


def _holder(body: list[ast.stmt], line: int) -> str | None:
    """The name of the top-level function or class holding `line`, else None."""
    for node in body:
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        if first <= line <= (node.end_lineno or node.lineno):
            return node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else None
    return None


def _names_and_values(text: str) -> list[str]:
    names = []
    try:
        for t in tokenize.generate_tokens(io.StringIO(text).readline):
            if (t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING) and t.string not in ("self", "cls")
                    and not keyword.iskeyword(t.string)):
                names.append(t.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # a bracket the hunk leaves open: the tokens before it are still the change's names
    return names


def _prose(text: str) -> set[int]:
    """Lines of a module (1-based) that hold no code: comments, and docstring or other multi-line string lines
    (the first too when the string opens it). Their words are prose (`list of replacement rules`), not names."""
    lines = split_lines(text)
    rows = {n for n, line in enumerate(lines, 1) if line.lstrip().startswith("#")}
    try:
        for t in tokenize.generate_tokens(io.StringIO(text).readline):
            if t.type == tokenize.STRING and t.end[0] > t.start[0]:
                first = t.start[0] if not lines[t.start[0] - 1][:t.start[1]].strip() else t.start[0] + 1
                rows.update(range(first, t.end[0] + 1))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return rows


def operator_of(before: str, after: str, planted: Planted) -> tuple[str, str] | None:
    """(code, mechanism) of the mutation operator the fix undoes (harvest/mechanism.py), or None: OTHER."""
    ranges = diff_ranges(before, after)
    if planted.inserted_only and all(a2 < a1 for a1, a2, _, _ in ranges):
        return mechanism.missing_statement()
    if len(ranges) == 1 and ranges[0][1] == ranges[0][0] and ranges[0][3] == ranges[0][2]:
        a1, _, b1, _ = ranges[0]
        return mechanism.match(split_lines(before)[a1 - 1], split_lines(after)[b1 - 1])
    return None


def keyword_groups(before: str, after: str, planted: Planted, function: str) -> list[list[str]]:
    """The change (the operator's vocabulary first when the fix undoes one), then the subject."""
    old, new = split_lines(before), split_lines(after)
    ranges = diff_ranges(before, after)
    matched = operator_of(before, after, planted)
    said = vocabulary(matched[1]) if matched else ()
    change = [*said, *_changed_names(before, after, ranges), *_quoted_forms(old, new, ranges)]
    groups = [g for g in (list(dict.fromkeys(change)),) if g]
    where = function.rsplit(".", 1)[-1]
    subject = _subject(where, "\n".join(old[n - 1] for n in planted.lines))
    if subject:
        groups.append(subject)
    return groups or [[where]]


def _changed_names(before: str, after: str, ranges: list[tuple[int, int, int, int]]) -> list[str]:
    """The identifiers and values on one side of the diff but not the other (a string without its quotes), at
    most 8; comment and docstring lines are prose, not names."""
    a = _names_and_values(_code_lines(before, [(a1, a2) for a1, a2, _, _ in ranges]))
    b = _names_and_values(_code_lines(after, [(b1, b2) for _, _, b1, b2 in ranges]))
    changed = [t for t in dict.fromkeys([*a, *b]) if (t in a) != (t in b)]
    change = [t.strip("\"'") if t[:1] in "\"'" else t for t in changed]
    return [t for t in dict.fromkeys(change) if len(t) >= 2 and t not in ("None", "True", "False")][:8]


def _code_lines(text: str, spans: list[tuple[int, int]]) -> str:
    """The lines of `text` in the (first, last) spans that hold code, stripped."""
    lines, prose = split_lines(text), _prose(text)
    return "\n".join(lines[n - 1].strip() for first, last in spans for n in range(first, last + 1) if n not in prose)


def _quoted_forms(old: list[str], new: list[str], ranges: list[tuple[int, int, int, int]]) -> list[str]:
    """The changed lines as an explanation may quote them (at most 6): short code lines of either side, in the
    forms code_forms gives."""
    removed = "\n".join(line.strip() for a1, a2, _, _ in ranges for line in old[a1 - 1:a2])
    added = "\n".join(line.strip() for _, _, b1, b2 in ranges for line in new[b1 - 1:b2])
    # a form without spaces only where that joins no two words ("v or 0" is no "vor0")
    forms = code_forms(*[line for line in split_lines(removed + "\n" + added)
                         if len(line) <= 60 and not line.startswith("#")])
    # and none that normalises to nothing (a docstring's closing quotes): verify refuses it, and it would match any text
    return [f for f in forms if normalise(f) and not _joins_words(f, forms)][:6]


def _joins_words(form: str, forms: list[str]) -> bool:
    """`form` is another form with its spaces dropped where they parted two words."""
    return any(g != form and g.replace(" ", "") == form and re.search(r"\w\s+\w", g) for g in forms)


def _subject(where: str, planted_text: str) -> list[str]:
    """The function's name words, then the planted lines' domain words, at most 10."""
    domain = domain_words(planted_text)
    return list(dict.fromkeys([*subject_words(where), *(w for w in subject_words(planted_text) if w in domain)]))[:10]


def item_id(sha: str, function: str) -> str:
    """From the fix, not a running count: one more or one fewer fix never renames another item."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", function).strip("-").lower()
    return f"h-{sha[:10]}-{slug}"[:64].rstrip("-")


def test_text(project_rel: str, sha: str, parent: str, source: str, tests_files: tuple[str, ...],
              f2p: tuple[str, ...], found, before: str, after: str) -> str:
    def digest(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    modules = {digest(found.fixed): "F", digest(found.defective): "P"}
    return TEMPLATE.read_text(encoding="utf-8").format(
        project=repr(project_rel), fix=repr(sha), parent=repr(parent), source=repr(source),
        test_files=repr(list(tests_files)), tests=repr(list(f2p)), modules=repr(modules),
        source_sha=repr({"P": digest(before), "F": digest(after)}))


def item_files(*, repo_name: str, project_rel: str, commit, candidate_tests: tuple[str, ...], source: str,
               before: str, after: str, planted: Planted, found, f2p: tuple[str, ...]) -> Harvested:
    function = planted.functions[0]
    ident = item_id(commit.sha, function)
    subject = commit.message.splitlines()[0] if commit.message else commit.sha[:12]
    changes = {c.path: [c.added, c.deleted] for c in commit.changes}
    matched = operator_of(before, after, planted)
    head = {"id": ident, "title": f"{function}: {subject}"[:120], "tier": tier(planted),
            "operators": [matched[0] if matched else "OTHER"],
            "description": f"A bug fixed in {repo_name} by commit {commit.sha[:12]} ({commit.date[:10]}): "
                           f"{subject}"}
    variant = {"lines": list(found.lines), "keywords": keyword_groups(before, after, planted, function)}
    sites = {str(k): list(v) for k, v in sorted(found.sites.items()) if v}
    if sites:
        variant["sites"] = sites
    provenance = {
        "repository": repo_name, "project": project_rel, "fix": commit.sha, "parent": commit.parent,
        "date": commit.date, "author": commit.author, "message": commit.message, "f2p_tests": list(f2p),
        "test_files": list(candidate_tests), "source": source, "function": function,
        "functions": list(planted.functions), "source_lines": list(planted.lines), "files": changes,
        "added": sum(max(a, 0) for a, _ in changes.values()), "deleted": sum(max(d, 0) for _, d in changes.values()),
        "cluster": f"{source}::{function}",
    } | ({"mechanism": matched[1]} if matched else {})
    text = (toml_table(None, head) + "\n" + toml_table("variants.original", variant) + "\n"
            + toml_table("provenance", provenance))
    files = {"original.py": found.defective, "fixed.py": found.fixed, "item.toml": text,
             "test_item.py": test_text(project_rel, commit.sha, commit.parent, source, candidate_tests, f2p,
                                       found, before, after)}
    return Harvested(ident, files, commit.date, f2p)
