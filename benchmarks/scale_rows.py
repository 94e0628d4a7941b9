"""The verdict rows' share of a warm compare at 50x, without the 8-minute cold compare: two checkouts side by side.

A warm compare at 50x (scale.py) asks nothing: it reads the run folder, scores it and writes the report. This
builds that input without running a tool: the shipped corpus copied --copies times (scale.py's copies) and a run
folder holding the reference report's verdicts (15 reviewers, LLMs among them) once per copy, re-filed under each
copy's item id (129,000 rows at 50x). Then, round after round, alternating the checkouts given with --root (a git
worktree of another commit; default: this one), it times `redpen-bench score` and `redpen-bench report` of that
folder, each in a process of its own, and prints the median wall time per checkout and command.

    python benchmarks/scale_rows.py [--copies 50] [--repeat 3] [--bootstrap 2000] --root A --root B
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.scale import scale_corpus  # noqa: E402


def build(work: Path, copies: int) -> tuple[Path, Path]:
    corpus = scale_corpus(ROOT / "corpus", work / "corpus", copies)
    from redpen_bench.model.corpus import load_corpus

    loaded = load_corpus(corpus)
    reference = ROOT / "reports" / "reference"
    manifest = json.loads((reference / "manifest.json").read_text(encoding="utf-8"))
    run = work / "run"
    run.mkdir()
    rows = [json.loads(line) for line in (reference / "verdicts.jsonl").read_text(encoding="utf-8").splitlines()]
    hashes = {(v.item_id, v.name): v.sha256[:16] for v in loaded.snippets}
    with (run / "verdicts.jsonl").open("w", encoding="utf-8") as out:
        for k in range(copies):
            for row in rows:
                item = f"{row['item']}-c{k:02d}"
                out.write(json.dumps(row | {"item": item, "snippet": hashes[(item, row["variant"])]}) + "\n")
    (run / "manifest.json").write_text(json.dumps({
        "schema_version": 1, "redpen_bench": manifest["redpen_bench"], "created": manifest["runs"][0]["created"],
        "corpus": {"name": loaded.name, "version": loaded.version, "hash": loaded.hash},
        "reviewers": manifest["reviewers"]}), encoding="utf-8")
    return corpus, run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bootstrap", type=int, default=2000)
    parser.add_argument("--root", action="append", default=None)
    args = parser.parse_args()
    roots = [Path(r).resolve() for r in args.root or [ROOT]]
    exe = Path(sys.executable).parent / "redpen-bench"
    times: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        corpus, run = build(work, args.copies)
        commands = {"score": ["score", str(run), "--corpus", str(corpus), "--format", "json"],
                    "report": ["report", str(run), "--corpus", str(corpus), "--out", str(work / "reports"),
                               "--bootstrap", str(args.bootstrap)]}
        for _ in range(args.repeat):
            for root in roots:  # alternated: a machine that gets busier slows both alike
                env = os.environ | {"PYTHONPATH": str(root)}
                for name, command in commands.items():
                    started = time.perf_counter()
                    subprocess.run([str(exe), *command], env=env, check=True, capture_output=True, cwd=work)
                    times.setdefault((str(root), name), []).append(time.perf_counter() - started)
    for (root, name), seconds in times.items():
        print(f"{root:40} {name:7} median {statistics.median(seconds):6.2f} s  "
              f"({', '.join(f'{s:.2f}' for s in seconds)})")


if __name__ == "__main__":
    main()
