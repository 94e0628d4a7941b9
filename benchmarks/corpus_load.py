"""Loading a corpus: `load_corpus` of the shipped corpus, and of a copy scaled up, in one process.

Loading reads every file of every item folder, hashes it and checks item.toml and corpus.toml against the
contract (corpus/FORMAT.md); every command that takes a corpus starts with it. The scaled copy is
benchmarks/scale.py's (`--copies` copies of every item, each with its own id), so the per-item cost shows.

    python benchmarks/corpus_load.py [--repeat 50] [--copies 20] [--root OTHER_CHECKOUT]

`--root`: load with the package of another checkout (a `git archive` of an older commit): before and after.
Prints the median and the best wall and CPU time per load; the first load of each corpus (cold imports) is not timed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))


def timed(load, corpus: Path, repeat: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each load: CPU time is what a machine busy with other work disturbs less."""
    load(corpus)  # imports, first reads into the page cache
    wall, cpu = [], []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        load(corpus)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--root", default=str(ROOT))
    args = parser.parse_args()

    from benchmarks.scale import scale_corpus
    from redpen_bench.model.corpus import load_corpus
    from redpen_bench.model.corpus_files import default_corpus_path

    shipped = default_corpus_path()
    print(f"package: {Path(sys.modules['redpen_bench'].__file__).parent}")
    with tempfile.TemporaryDirectory() as work:
        scaled = scale_corpus(shipped, Path(work) / "corpus", args.copies)
        for label, corpus, repeat in (("shipped", shipped, args.repeat),
                                      (f"{args.copies}x", scaled, max(3, args.repeat // args.copies))):
            wall, cpu = timed(load_corpus, corpus, repeat)
            items = len(load_corpus(corpus).items)
            print(f"{label}: {items} items, {repeat} loads: wall median {statistics.median(wall) * 1000:.1f} ms, "
                  f"best {min(wall) * 1000:.1f} ms; CPU median {statistics.median(cpu) * 1000:.1f} ms, "
                  f"best {min(cpu) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
