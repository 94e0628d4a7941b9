"""Findings an analyzer reports on a generated corpus's fixed.py excerpts that the full source file does not have:
what the excerpt made up (an undefined name where it dropped a definition, an unused import it kept). Each file
is linted under a neutral name, as a reviewer sees a snippet, with the real tool and Red-Pen's profile: alone, or
inside a copy of its package when it is a module of one (reviewers/tools/package_site.py), excerpt and full file
alike.

    python -m tests.excerpt_lint GENERATED_CORPUS [--source-root DIR] [--reviewers ruff:bugs,pylint:bugs,...]

A project corpus finds its sources through [provenance] project; a corpus-mode one needs --source-root (the
corpus it was generated from). Prints, per reviewer, the excerpt-only findings and the files they are in."""

from __future__ import annotations

import argparse
import hashlib
import re
import tomllib
from collections import Counter
from pathlib import Path

from redpen_bench.model.code_style import as_table
from redpen_bench.model.corpus_toml import read_corpus_toml
from redpen_bench.reviewers import make_reviewer, parse_spec
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.package_site import module_site, site_of

PROFILES = ("ruff:bugs", "ruff:default", "pylint:bugs", "pylint:default", "pylint:errors", "bandit:bugs",
            "bandit:default", "semgrep:bugs", "semgrep:default")


def pairs(corpus: Path, source_root: Path | None = None) -> list[tuple[Path, Path]]:
    """(fixed.py, the full source file it was cut from) per item."""
    found = []
    for meta in sorted((corpus / "items").glob("*/item.toml")):
        provenance = tomllib.loads(meta.read_text(encoding="utf-8"))["provenance"]
        if "project" in provenance:
            source = corpus / provenance["project"] / provenance["source"]
        elif source_root is not None:
            source = source_root / provenance["source"]
        else:
            raise SystemExit(f"{meta}: a corpus-mode item: give --source-root")
        found.append((meta.parent / "fixed.py", source.resolve()))
    return found


def _key(finding) -> tuple[str, str]:
    return finding.rule, re.sub(r"\b\d+\b", "N", finding.message)  # "from line 12": the numbering differs


def excerpt_only(spec: str, corpus: Path, source_root: Path | None = None) -> dict[str, list[tuple[str, str]]]:
    """fixed.py path -> the (rule, message) findings it has beyond its full source file's (counted as a
    multiset: one more unused import than the source has is one excerpt-only finding)."""
    # the corpus's [code_style], as a run uses it; each file in its package (the excerpt through its item, the
    # full file as one more module beside itself), so a finding counts only when the excerpt made it up
    meta = read_corpus_toml(tomllib.loads((corpus / "corpus.toml").read_text(encoding="utf-8")), corpus)
    reviewer = make_reviewer(parse_spec(spec), ReviewOptions(cache=None, code_style=as_table(meta.code_style)))
    reviewer.place = lambda path: site_of(path) or module_site(path.resolve())
    found = pairs(corpus, source_root)
    files = {hashlib.sha256(p.read_bytes()).hexdigest(): p for pair in found for p in pair}
    results = reviewer.scan(files)

    def findings(path: Path) -> Counter:
        result = results[hashlib.sha256(path.read_bytes()).hexdigest()]
        return Counter(_key(f) for f in result.findings)

    extra = {}
    for fixed, source in found:
        more = findings(fixed) - findings(source)
        if more:
            extra[str(fixed)] = sorted(more.elements())
    return extra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--source-root", type=Path)
    parser.add_argument("--reviewers", default=",".join(PROFILES))
    parser.add_argument("--show", type=int, default=5, help="examples printed per reviewer")
    args = parser.parse_args()
    total = len(pairs(args.corpus, args.source_root))
    for spec in args.reviewers.split(","):
        extra = excerpt_only(spec, args.corpus, args.source_root)
        count = sum(len(v) for v in extra.values())
        print(f"{spec}: {count} excerpt-only findings in {len(extra)} of {total} fixed.py")
        rules = Counter(rule for found in extra.values() for rule, _ in found)
        for rule, n in rules.most_common(args.show):
            example = next(m for found in extra.values() for r, m in found if r == rule)
            print(f"    {n:4d} {rule}: {example}")


if __name__ == "__main__":
    main()
