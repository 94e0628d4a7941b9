"""`mutate` end to end: from a corpus or a project to a generated corpus folder, built beside --out and moved
into place only when complete."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.generate import items
from redpen_bench.generate.kill import CorpusChecks
from redpen_bench.generate.pipeline import corpus_units, kill_units, select
from redpen_bench.generate.units import COUNT_COLUMNS, Killed, Options, UnitResult
from redpen_bench.model.corpus import load_corpus
from redpen_bench.run.executor import Executor
from redpen_bench.run.progress import Progress


@dataclass(frozen=True)
class MutateResult:
    out: Path
    items: int
    counts: dict[str, dict[str, int]]  # operator -> column -> n (units.COUNT_COLUMNS)
    warnings: tuple[str, ...] = ()  # what was skipped, and why (a source file that does not parse)
    notes: tuple[str, ...] = ()  # what was chosen for the user, and where it came from (the corpus's name, licence)

    @property
    def checked(self) -> int:
        return sum(row["checked"] for row in self.counts.values())


def summary_table(result: MutateResult, seconds: float):
    """The counts per operator and their totals, as a rich table titled with the pace of the kill checks."""
    from rich.table import Table

    table = Table(title=f"mutate: {result.items} items in {seconds:.1f} s "
                        f"({result.checked / max(seconds, 1e-9):.1f} kill checks/s)")
    table.add_column("operator")
    for column in COUNT_COLUMNS:
        table.add_column(column.replace("_", " "), justify="right")
    totals = dict.fromkeys(COUNT_COLUMNS, 0)
    for op, row in result.counts.items():
        table.add_row(op, *(str(row[c]) for c in COUNT_COLUMNS))
        totals = {c: totals[c] + row[c] for c in COUNT_COLUMNS}
    table.add_row("all", *(str(totals[c]) for c in COUNT_COLUMNS), style="bold")
    return table


def check_out(out: Path) -> None:
    """Refuse to overwrite anything but an earlier output of mutate."""
    if out.exists() and (not out.is_dir() or not items.is_previous_output(out)):
        raise InputError(f"{out}: --out exists and is not an earlier output of mutate (no corpus.toml with "
                         f"[{items.MARKER}]): choose an empty or new folder")


def build(out: Path, write: Callable[[Path], None]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    try:
        write(tmp)
        tmp.chmod(0o755)
        items.replace_folder(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def write_items(root: Path, kept: list[tuple[Killed, object]], seed: int, test_text: Callable[[Killed], str],
                source_file: Callable[[Killed], str], extra: Callable[[Killed], dict]) -> None:
    for number, (killed, snippet) in enumerate(kept, 1):
        folder = root / "items" / items.item_id(number, killed)
        items.write_item(folder, number, killed, snippet, source_file(killed), seed, test_text(killed),
                         extra(killed))


def finish(out: Path, results: list[UnitResult], options: Options, write: Callable[[Path, list], None],
           what: str) -> MutateResult:
    kept = []
    for killed in select(results, options):
        snippet = items.snippet_of(killed)
        if snippet is None:
            next(r for r in results if r.unit == killed.unit).count(killed.mutant.operator, "bad_lines")
        else:
            kept.append((killed, snippet))
    counts = items.total_counts(results)
    if not kept:
        raise InputError(f"{what}: no mutant was killed by its tests: nothing to write")
    build(out, lambda tmp: write(tmp, kept))
    warnings = tuple(f"{r.skipped}: skipped" for r in results if r.skipped)
    return MutateResult(out, len(kept), counts, warnings)


def refuse_project_items(corpus) -> None:
    """Items whose check re-runs a project's own tests (`mutate PROJECT`'s, `harvest`'s: [provenance] project)
    know only their own snippets' full modules: a mutant of one is no module they can run, and its check's
    failure would count as a kill. Such a corpus is mutated from its project (`mutate PROJECT`) instead."""
    found = [item.id for item in corpus.items if isinstance(item.provenance.get("project"), str)]
    if found:
        raise InputError(f"{corpus.root}: --from-corpus: {len(found)} items (first {found[0]}) re-run a project's "
                         "own tests and cannot check a mutant of their snippet; mutate the project itself "
                         "(redpen-bench mutate PROJECT)")


def mutate_from_corpus(source: Path, out: Path, options: Options, jobs: int, progress: Progress,
                       executor: Executor | None = None, name: str | None = None,
                       licence: str | None = None) -> MutateResult:
    check_out(out)
    corpus = load_corpus(source)
    refuse_project_items(corpus)
    results = kill_units(corpus_units(corpus), options, CorpusChecks(), jobs, progress, executor)
    label = f"{corpus.name} {corpus.version} ({corpus.hash[:12]})"

    def write(tmp: Path, kept: list) -> None:
        write_items(tmp, kept, options.seed, items.corpus_test_text, lambda k: f"items/{k.unit.name}",
                    lambda k: {})
        description = (f"{len(kept)} mutants of the {corpus.name} corpus's correct files, each killed by its "
                       "item's check; generated by redpen-bench mutate.")
        text = items.corpus_toml(name or f"{corpus.name}-mutants", description,
                                 corpus.license if licence is None else licence, [k for k, _ in kept],
                                 items.total_counts(results), options, "corpus", label)
        (tmp / "corpus.toml").write_text(text, encoding="utf-8")

    return finish(out, results, options, write, str(source))
