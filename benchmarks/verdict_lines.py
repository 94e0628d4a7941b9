"""Reading an answer whose LINES names very many lines: CPU seconds and lines kept, per shape and size.

Issue 34.6: an answer naming 200,000 lines was stored whole (a 1.5 MB row), 2 million took 23 s of CPU to read,
and a bulleted list of them was quadratic. model/verdict.py now reads LINES for its first MAX_LINES numbers only.
Shapes: `comma` (`LINES: 1, 2, 3, ...`), `bullets` (one `- N` a line below the label), `json` (a `lines` array).

    python benchmarks/verdict_lines.py [--sizes 200000,2000000] [--shapes comma,bullets,json] [--root CHECKOUT]

`--root` reads the parser of another checkout (its redpen_bench), for a before/after. Prints, per case, the
answer's size, the CPU seconds of parse_answer (best of --repeat) and how many lines the verdict kept.
"""

import argparse
import sys
import time
from pathlib import Path


def answer(shape: str, n: int) -> str:
    numbers = [str(i) for i in range(1, n + 1)]
    if shape == "comma":
        return "DEFECT: yes\nLINES: " + ", ".join(numbers) + "\nEXPLANATION: all of them"
    if shape == "bullets":
        return "DEFECT: yes\nLINES:\n" + "".join(f"- {i}\n" for i in numbers) + "EXPLANATION: all of them"
    return '{"defect": true, "lines": [' + ", ".join(numbers) + '], "explanation": "all of them"}'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200000,2000000")
    parser.add_argument("--shapes", default="comma,bullets,json")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    sys.path.insert(0, str(args.root))
    from redpen_bench.model.verdict import parse_answer

    print(f"{'shape':8} {'numbers':>10} {'MB':>6} {'CPU s':>7} {'kept':>8}")
    for shape in args.shapes.split(","):
        for n in map(int, args.sizes.split(",")):
            text = answer(shape, n)
            best, kept = float("inf"), 0
            for _ in range(args.repeat):
                start = time.process_time()
                kept = len(parse_answer(text).lines)
                best = min(best, time.process_time() - start)
            print(f"{shape:8} {n:>10,} {len(text) / 1e6:>6.1f} {best:>7.2f} {kept:>8,}", flush=True)


if __name__ == "__main__":
    main()
