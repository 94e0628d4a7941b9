"""Write a generated corpus in format v1: one item per killed mutant (original.py the mutant's snippet,
fixed.py the source's), item.toml with the ground truth and provenance, and corpus.toml's [generated]."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from redpen_bench import __version__
from redpen_bench.errors import InputError
from redpen_bench.gate.integrity import lines_within_diff
from redpen_bench.generate import excerpt as excerpts
from redpen_bench.generate import mechanisms
from redpen_bench.generate.units import COUNT_COLUMNS, TIER_ORDER, Killed, Options, UnitResult
from redpen_bench.model.lines import split_lines

MARKER = "generated"  # corpus.toml's table that says `mutate` made this folder (and may replace it)


def toml_value(value) -> str:
    """A TOML value (JSON's string escapes are TOML's), written the same way every time."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def toml_key(key) -> str:
    key = str(key)
    return key if key.replace("_", "").replace("-", "").isalnum() and key.isascii() else json.dumps(key)


def toml_table(name: str | None, table: dict) -> str:
    head = f"[{name}]\n" if name else ""
    return head + "".join(f"{toml_key(k)} = {toml_value(v)}\n" for k, v in table.items())


def item_id(number: int, killed: Killed) -> str:
    """From the mutant itself (file, operator, site, text), never its place in the list: one item more or less
    (a flaky kill, another --max-items) renumbers no other item. 8 hex digits: a clash needs the same file and
    operator too, about one in 10^4 for a thousand items of one file and operator."""
    mutant = killed.mutant
    text = "\0".join((killed.unit.name, mutant.operator, mutant.key, mutant.source))
    return f"g{hashlib.sha256(text.encode()).hexdigest()[:8]}-{mutant.operator.lower()}-{killed.unit.slug}"[:64]


def _planted_text(snippet: str, lines) -> str:
    text = split_lines(snippet)
    return "\n".join(text[n - 1] for n in lines if 0 < n <= len(text))


def item_toml(number: int, killed: Killed, snippet, source_file: str, seed: int, extra: dict) -> str:
    mutant = killed.mutant
    head = {
        "id": item_id(number, killed),
        "title": mechanisms.title(mutant),
        "tier": mutant.operator,
        "operators": [mutant.operator],
        "description": snippet.description or mutant.description,  # line numbers: the excerpt's
    }
    variant = {"lines": sorted(snippet.lines),
               "keywords": mechanisms.keyword_groups(mutant, _planted_text(snippet.defective, snippet.lines))}
    sites = {str(line): sorted(others) for line, others in sorted(dict(snippet.sites or {}).items()) if others}
    if sites:
        variant["sites"] = sites
    provenance = {
        "source": source_file,
        "function": mutant.function,
        "operator": mutant.operator,
        "key": mutant.key,
        "source_lines": sorted(getattr(mutant, "source_lines", ()) or ()),
        "original": mutant.original,
        "mutated": mutant.mutated,
        "killing_tests": list(killed.tests),
        "timed_out": killed.timed_out,
        "seed": seed,
        "cluster": f"{source_file}::{mutant.function}",
    }
    if mutant.parts:
        provenance["parts"] = [p.key for p in mutant.parts]
    if mutant.obvious:  # kept by --include-obvious: why a reader sees it from the planted line alone
        provenance["obvious"] = mutant.obvious
    return (toml_table(None, head) + "\n" + toml_table("variants.original", variant) + "\n"
            + toml_table("provenance", provenance | extra))


def snippet_of(killed: Killed):
    """The item's snippets and ground truth, or None when the planted lines would not lie within the diff
    between them (the gate's integrity rule; such a mutant is dropped, never written wrong)."""
    snippet = excerpts.excerpt(killed.unit.source, killed.mutant)
    defective = split_lines(snippet.defective)
    changed = lines_within_diff(defective, split_lines(snippet.fixed))
    inside = all(1 <= n <= len(defective) for n in snippet.lines)
    return snippet if snippet.lines and inside and set(snippet.lines) <= changed else None


def write_item(folder: Path, number: int, killed: Killed, snippet, source_file: str, seed: int,
               test_text: str, extra: dict | None = None) -> None:
    """One item folder. `test_text`: its test_item.py."""
    source = killed.unit.source
    folder.mkdir(parents=True)
    (folder / "original.py").write_text(snippet.defective, encoding="utf-8")
    (folder / "fixed.py").write_text(snippet.fixed, encoding="utf-8")
    if killed.unit.clean is not None:
        shutil.copyfile(killed.unit.clean, folder / "clean.py")
    for i, part in enumerate(killed.mutant.parts, 1):  # each fault of a pair is killable alone (the gate checks)
        (folder / f"only_fault{i}.py").write_text(excerpts.excerpt(source, part).defective, encoding="utf-8")
    (folder / "test_item.py").write_text(test_text, encoding="utf-8")
    (folder / "item.toml").write_text(item_toml(number, killed, snippet, source_file, seed, extra or {}),
                                      encoding="utf-8")


def corpus_test_text(killed: Killed) -> str:
    """The source item's check as check_original (aliased where the source was disguised_fixed.py)."""
    text = killed.unit.test_path.read_text(encoding="utf-8")
    if killed.unit.check != "check_original":
        text += (f"\n\n# generated: the mutated source was checked by {killed.unit.check}\n"
                 f"check_original = {killed.unit.check}\n")
    return text


def total_counts(results: list[UnitResult]) -> dict[str, dict[str, int]]:
    merged: dict[str, Counter] = {}
    for result in results:
        for op, counter in result.counts.items():
            merged.setdefault(op, Counter()).update(counter)
    return {op: {c: merged[op][c] for c in COUNT_COLUMNS} for op in TIER_ORDER if op in merged}


def corpus_toml(name: str, description: str, license: str, kept: list[Killed], counts: dict, options: Options,
                mode: str, source: str) -> str:
    present = {k.mutant.operator for k in kept}
    tiers = [t for t in TIER_ORDER if t in present]
    fingerprint = hashlib.sha256(json.dumps([source, options.seed, options.as_toml()]).encode()).hexdigest()
    head = {"name": name, "version": "1", "description": description, "license": license, "tiers": tiers}
    text = corpus_head(head, f"redpen-bench-generated:{fingerprint}")
    text += toml_table(MARKER, {"tool": f"redpen-bench {__version__}", "mode": mode, "source": source,
                                "seed": options.seed, "items": len(kept)})
    text += "\n" + toml_table(f"{MARKER}.options", options.as_toml())
    for op, row in counts.items():
        text += "\n" + toml_table(f"{MARKER}.counts.{op}", row)
    return text


def corpus_head(head: dict, canary_seed: str) -> str:
    """corpus.toml's top table and its canary GUID (the same `canary_seed`, the same GUID)."""
    canary = uuid.uuid5(uuid.NAMESPACE_URL, canary_seed)
    text = toml_table(None, head)
    text += ("# Canary: this corpus must not appear in training data. If a model can complete this GUID, "
             "it has seen the corpus.\n")
    return text + f"canary = {toml_value(f'REDPEN-BENCH CANARY GUID {canary}')}\n\n"


def is_previous_output(folder: Path, marker: str = MARKER) -> bool:
    """A folder a corpus-writing command may replace: empty, or a corpus it wrote before (corpus.toml with its
    `marker` table: [generated] for mutate, [harvested] for harvest)."""
    if not any(folder.iterdir()):
        return True
    meta = folder / "corpus.toml"
    return meta.is_file() and f"\n[{marker}]\n" in meta.read_text(encoding="utf-8", errors="replace")


def check_out(out: Path, marker: str = MARKER, command: str = "mutate") -> None:
    """Refuse to overwrite anything but an empty folder or an earlier output of `command`."""
    if out.exists() and (not out.is_dir() or not is_previous_output(out, marker)):
        raise InputError(f"{out}: --out exists and is not an earlier output of {command} (no corpus.toml with "
                         f"[{marker}]): choose an empty or new folder")


def build(out: Path, write: Callable[[Path], None]) -> None:
    """The corpus written by `write` into a folder beside `out`, moved into place only when complete: an
    interrupted command leaves `out` as it was."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    try:
        write(tmp)
        tmp.chmod(0o755)
        replace_folder(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def replace_folder(built: Path, out: Path) -> None:
    """Move the finished corpus into place: the old one is renamed aside first, removed last."""
    old = out.with_name(f".{out.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    built.rename(out)
    shutil.rmtree(old, ignore_errors=True)
