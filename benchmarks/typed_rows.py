"""Reading and validating 130,000 verdict rows: the hand-written validator against pydantic v2 strict and msgspec.

Issue 25 asks for typed rows with strict validation, by pydantic v2 strict or msgspec, chosen by measuring 130,000
rows read and validated (docs/scale.md: the 10,000-snippet compare's verdicts.jsonl, 129,987 rows of 13 reviewers,
50.2 MiB, read in 1.4 s). This writes a file of that shape (13 reviewers x 10,000 snippets: baselines, analyzers
whose rows carry findings, LLM rows with a raw answer and usage) and times, per candidate, reading it line by line
into validated rows, each line on its own (a bad line is skipped, not the file):

- `hand-written`: json.loads and model/rows.py's row_problem (what the package did before);
- `pydantic`: a strict TypedDict with extra keys allowed, TypeAdapter.validate_json per line (gives a dict, as the
  scorer reads);
- `msgspec`: a Struct, msgspec.json.Decoder(type).decode per line (strict by default), its fields as a dict;
- `package`: RunFolder.rows() of the checkout at --root (default: this one): read, validated, last row per key.

    python benchmarks/typed_rows.py [--rows 130000] [--repeat 3] [--only package] [--root OTHER_CHECKOUT]

Prints the best of --repeat wall times per candidate; every candidate must accept every row, and each must
refuse the same bad rows (checked before timing).
"""

# no `from __future__ import annotations`: the models below are defined in functions, and both libraries
# read their annotations at definition time

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any, Literal

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # `package` of another checkout (git worktree of an older commit): before and after
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))

REVIEWERS = ["always-no", "always-yes", "oracle", "random", "ruff:default", "ruff:bugs", "pylint:default",
             "pylint:bugs", "pylint:errors", "bandit:default", "semgrep:default", "semgrep:bugs", "openai:gpt-x"]
VARIANTS = ["original", "disguised", "fixed", "clean"]
BAD = [  # one of each kind of mistake; every candidate must refuse all of them
    {"reviewer": "x", "item": "a", "variant": "original", "defect": 1},
    {"reviewer": "x", "item": "a", "variant": "other", "defect": True},
    {"reviewer": "", "item": "a", "variant": "original", "defect": True},
    {"reviewer": "x", "item": "a", "variant": "original", "defect": True, "lines": [0]},
    {"reviewer": "x", "item": "a", "variant": "original", "defect": True, "lines": ["3"]},
    {"reviewer": "x", "item": "a", "variant": "original", "defect": True, "sample": -1},
    {"reviewer": "x", "item": "a", "variant": "original", "defect": True, "findings": "x"},
    {"reviewer": "x", "item": "a", "variant": "original", "defect": True, "explanation": 3},
    {"reviewer": "x", "item": "a", "variant": "original", "defect": True, "cached": "yes"},
]


def make_rows(n: int, seed: int = 0) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for k in range(n):
        reviewer = REVIEWERS[k % len(REVIEWERS)]
        item, variant = f"g{k // 52:05d}-func-mutant", VARIANTS[(k // len(REVIEWERS)) % 4]
        row: dict[str, Any] = {"reviewer": reviewer, "item": item, "variant": variant, "defect": False, "lines": [],
                               "explanation": "", "raw": "", "error": None, "sample": 0,
                               "snippet": f"{rng.getrandbits(64):016x}"}
        if ":" in reviewer and not reviewer.startswith("openai"):
            found = [{"line": (line := rng.randint(1, 40)), "end_line": line, "rule": rng.choice(
                ["E711", "W0612", "B101", "python.lang.correctness.useless-eqeq"]),
                      "message": "Comparison to `None` should be `cond is None`", "severity": "warning"}
                     for _ in range(rng.choice((0, 0, 1, 2, 3)))]
            row |= {"defect": bool(found), "lines": sorted({f["line"] for f in found}), "findings": found,
                    "explanation": "; ".join(f["message"] for f in found), "fingerprint": "f" * 64}
        elif reviewer.startswith("openai"):
            row |= {"defect": True, "lines": [12], "explanation": "the bound is off by one",
                    "raw": "DEFECT: yes\nLINES: 12\nEXPLANATION: the bound is off by one", "latency_s": 1.25,
                    "input_tokens": 612, "output_tokens": 40, "cost_usd": 0.0003, "cached": False, "attempts": 1}
        elif reviewer == "oracle":
            row |= {"defect": variant in ("original", "disguised"), "lines": [7, 8]}
        rows.append(row)
    return rows


# ---- the candidates ---------------------------------------------------------------------------------------

def hand_written():
    from redpen_bench.model.rows import row_problem

    def read(line: bytes) -> dict | None:
        try:
            row = json.loads(line)
        except ValueError:
            return None
        return row if row_problem(row) is None else None

    return read


def pydantic_candidate():
    from typing import NotRequired

    from pydantic import ConfigDict, Field, TypeAdapter, ValidationError
    from typing_extensions import TypedDict  # pydantic reads TypedDicts of typing_extensions on 3.11

    class FindingDict(TypedDict):
        __pydantic_config__ = ConfigDict(strict=True, extra="allow")  # type: ignore[misc]
        line: Annotated[int, Field(ge=1)]
        end_line: NotRequired[Annotated[int, Field(ge=1)]]
        rule: Annotated[str, Field(min_length=1)]
        message: NotRequired[str]
        severity: NotRequired[str]

    class RowDict(TypedDict):
        __pydantic_config__ = ConfigDict(strict=True, extra="allow")  # type: ignore[misc]
        reviewer: Annotated[str, Field(min_length=1)]
        item: Annotated[str, Field(min_length=1)]
        variant: Literal["original", "disguised", "fixed", "clean"]
        sample: NotRequired[Annotated[int, Field(ge=0)]]
        defect: NotRequired[bool | None]
        lines: NotRequired[list[Annotated[int, Field(ge=1)]]]
        explanation: NotRequired[str | None]
        raw: NotRequired[str | None]
        error: NotRequired[str | None]
        findings: NotRequired[list[FindingDict] | None]
        latency_s: NotRequired[float | None]
        cost_usd: NotRequired[float | None]
        attempts: NotRequired[Annotated[int, Field(ge=0)] | None]
        cached: NotRequired[bool | None]
        truncated: NotRequired[bool | None]
        lenient: NotRequired[bool | None]
        fingerprint: NotRequired[str | None]
        snippet: NotRequired[str | None]
        components: NotRequired[dict | None]

    adapter = TypeAdapter(RowDict)

    def read(line: bytes) -> dict | None:
        try:
            return adapter.validate_json(line)
        except ValidationError:
            return None

    return read


def msgspec_row():
    """The package's own msgspec schema of a verdict row (model/rows.py), so the figure is the one that runs:
    VerdictRow, or RowSchema in a checkout from before the two were one (--root)."""
    from redpen_bench.model import rows

    return getattr(rows, "RowSchema", None) or rows.VerdictRow


def msgspec_candidate():
    import msgspec

    decoder = msgspec.json.Decoder(msgspec_row())
    to_builtins = msgspec.to_builtins

    def read(line: bytes) -> dict | None:
        try:
            return to_builtins(decoder.decode(line))  # a dict, as the scorer reads (unknown keys dropped)
        except msgspec.DecodeError:  # ValidationError is a DecodeError
            return None

    return read


def msgspec_keeping_extras():
    """Decoded untyped (a dict that keeps every key), then the dict converted to the Struct to validate it."""
    import msgspec

    row, decode, convert = msgspec_row(), msgspec.json.Decoder().decode, msgspec.convert

    def read(line: bytes) -> dict | None:
        try:
            data = decode(line)
            convert(data, row)
            return data
        except msgspec.DecodeError:
            return None

    return read


def package():
    """A run folder's rows as the package reads them (validated, the last per key kept): RunFolder.rows()."""
    from redpen_bench.run.folder import RunFolder

    def read_folder(path: Path) -> None:
        folder = RunFolder(path.parent)
        assert len(folder.rows()) and not folder.skipped_lines
    return read_folder


CANDIDATES = {"hand-written": hand_written, "pydantic": pydantic_candidate, "msgspec": msgspec_candidate,
              "msgspec-extras": msgspec_keeping_extras}


def read_file(read, path: Path) -> tuple[int, int]:
    good = bad = 0
    with path.open("rb") as lines:
        for line in lines:
            if read(line) is None:
                bad += 1
            else:
                good += 1
    return good, bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=130_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default=",".join([*CANDIDATES, "package"]))
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose `package` reader is timed")
    args = parser.parse_args()
    rows = make_rows(args.rows)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "verdicts.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        print(f"{len(rows):,} rows, {path.stat().st_size / 2**20:.1f} MiB")
        for name in args.only.split(","):
            if name == "package":
                read_folder = package()
                best = min(_timed(lambda read_folder=read_folder: read_folder(path)) for _ in range(args.repeat))
                print(f"{name:>13}: {best:.2f} s  ({args.root})")
                continue
            read = CANDIDATES[name]()
            refused = [read(json.dumps(b).encode()) is None for b in BAD]
            assert all(refused), f"{name} accepts bad rows: {[b for b, r in zip(BAD, refused) if not r]}"
            best = min(_timed(lambda read=read: _all_good(read, path, len(rows))) for _ in range(args.repeat))
            print(f"{name:>13}: {best:.2f} s")


def _all_good(read, path: Path, n: int) -> None:
    good, bad = read_file(read, path)
    assert (good, bad) == (n, 0), (good, bad)


def _timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
