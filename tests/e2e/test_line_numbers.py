"""Line numbers on form feeds and U+2028 (issue 34, item 7): a page-break line and a U+2028 in a comment above
the defect leave the prompt's numbering, the gate's changed lines and the corpus's planted line where Python and
the analyzers put them, so a reviewer naming the line it was shown gets its line credit."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

from redpen_bench.gate.integrity import changed_lines
from redpen_bench.reviewers.llm.prompt import load_prompt

PAGED = (
    '"""A module of older style, with page breaks."""\n'
    "\f\n"
    "import os\n"
    "\f\n"
    "\n"
    "def share(total, people):\n"
    "    # each one's part\u2028of the bill, or nothing\n"
    "    if people == None:\n"
    "        return 0\n"
    "    return total // people + len(os.sep) * 0\n"
)
FIXED = PAGED.replace("people == None", "people is None")


def _python_line() -> int:
    return next(n.lineno for n in ast.walk(ast.parse(PAGED)) if isinstance(n, ast.Compare))


def _ruff_line(tmp_path: Path) -> int:
    path = tmp_path / "paged.py"
    path.write_text(PAGED, encoding="utf-8", newline="")
    ruff = Path(sys.executable).parent / "ruff"
    proc = subprocess.run([str(ruff), "check", "--isolated", "--select", "E711", "--output-format", "json",
                           str(path)], capture_output=True, text=True)
    return json.loads(proc.stdout)[0]["location"]["row"]


def test_the_prompt_numbers_lines_as_python_and_ruff_do(tmp_path):
    planted = _python_line()
    assert planted == 8 and _ruff_line(tmp_path) == planted
    prompt = load_prompt(None).render(PAGED)
    shown = next(int(m[1]) for m in re.finditer(r"^\s*(\d+) \| (.*)$", prompt, re.MULTILINE)
                 if "people == None" in m[2])
    assert shown == planted
    assert re.search(r"^\s*10 \| +return total // people", prompt, re.MULTILINE)


def test_the_gate_finds_the_changed_line_where_python_numbers_it(tmp_path):
    (tmp_path / "original.py").write_text(PAGED, encoding="utf-8", newline="")
    (tmp_path / "fixed.py").write_text(FIXED, encoding="utf-8", newline="")
    assert changed_lines(tmp_path / "original.py", tmp_path / "fixed.py") == {_python_line()}


PAGED_UNIT = ('"""Paged."""\n\f\n\ndef add(a, b):\n    # the sum\u2028of both\n    return a + b\n\f\n\n'
              "def twice(a):\n    # double\u2028it\n    return a * 2\n")


def test_mutate_plants_and_verify_checks_lines_as_python_numbers_them(tmp_path):
    """A paged source file: every mutant's planted line is the line its snippets differ on by Python's count
    (the excerpt, the item's ground truth and the gate agree), and the generated corpus verifies."""
    import rtoml

    from tests.e2e.mutate_helpers import cli, synthetic_item

    check = "def check_original(m):\n    assert m.add(2, 3) == 5\n    assert m.twice(4) == 8\n"
    root = synthetic_item(tmp_path, PAGED_UNIT, check, original=PAGED_UNIT.replace("a + b", "a - b"))
    out = tmp_path / "gen"
    made = cli("mutate", "--from-corpus", str(root), "--out", str(out), "--operators", "AOR")
    assert made.returncode == 0, made.stderr
    items = sorted((out / "items").iterdir())
    assert len(items) == 2  # a + b and a * 2: none dropped for lines outside the diff
    for item in items:
        planted = rtoml.loads((item / "item.toml").read_text(encoding="utf-8"))["variants"]["original"]["lines"]
        original, fixed = ((item / f"{name}.py").read_text(encoding="utf-8") for name in ("original", "fixed"))
        ops = [{n.lineno: ast.dump(n) for n in ast.walk(ast.parse(text)) if isinstance(n, ast.BinOp)}
               for text in (original, fixed)]
        assert planted == [line for line in ops[0] if ops[0][line] != ops[1].get(line)]
    done = cli("verify", "--corpus", str(out), "--format", "json")
    assert done.returncode == 0 and json.loads(done.stdout)["passed"], done.stdout + done.stderr


def test_a_sarif_offset_after_a_lone_carriage_return_is_on_the_line_python_numbers(tmp_path):
    """A file whose lines end in a lone \\r (old Mac line ends; Python reads them as line ends): a SARIF region
    given by offsets names the line Python numbers, for characters and for bytes."""
    import shutil

    from redpen_bench.model.corpus import load_corpus
    from redpen_bench.reviewers.base import ReviewOptions, Task
    from redpen_bench.reviewers.tools.sarif import SarifReviewer
    from tests.conftest import FIXTURE_CORPUS

    root = tmp_path / "corpus"
    shutil.copytree(FIXTURE_CORPUS, root)
    path = root / "items" / "t2-empty" / "clean.py"
    text = path.read_text(encoding="utf-8").replace("\n", "\r")
    path.write_bytes(text.encode("utf-8"))
    corpus = load_corpus(root)
    third = text.index("total = 0.0")
    assert text[:third].count("\r") == 2  # on line 3, as Python counts
    for region in ({"charOffset": third, "charLength": 3}, {"byteOffset": third, "byteLength": 3}):
        log = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "X"}}, "results": [
            {"ruleId": "R1", "message": {"text": "m"}, "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": "items/t2-empty/clean.py"}, "region": region}}]}]}]}
        (tmp_path / "one.sarif").write_text(json.dumps(log))
        reviewer = SarifReviewer(str(tmp_path / "one.sarif"), ReviewOptions())
        reviewer.prepare(corpus.snippets)
        answers: dict = {}

        def emit(task, verdict, answers=answers, **meta):
            answers[task.snippet.rel_path] = verdict

        reviewer.review([Task(v) for v in corpus.snippets], emit)
        assert answers["items/t2-empty/clean.py"].lines == [3], region
