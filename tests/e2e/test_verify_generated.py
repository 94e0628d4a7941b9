"""`verify` on a generated corpus: checks in one worker per test module, with the same verdicts."""

from __future__ import annotations

import json

from tests.e2e.mutate_helpers import cli, looping_corpus, synthetic_item

SOURCE = ("def add(a, b):\n    return a + b\n\n\ndef scale(a, k):\n    if k < 0:\n        return 0\n"
          "    return a * k\n")


def _check(counter) -> str:
    # every run of the test module leaves its interpreter's pid in `counter` (an absolute path: outside any
    # scratch folder)
    return (f"import os\nwith open({str(counter)!r}, 'a') as _f:\n    _f.write(f'{{os.getpid()}}\\n')\n\n\n"
            "def check_original(m):\n    assert m.add(2, 3) == 5\n    assert m.scale(2, 3) == 6\n"
            "    assert m.scale(2, -1) == 0\n")


def _verify(out, *extra) -> dict:
    done = cli("verify", "--corpus", str(out), "--format", "json", *extra)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


def test_one_interpreter_per_test_module_and_the_same_verdicts(tmp_path):
    counter = tmp_path / "imports.txt"
    root = synthetic_item(tmp_path, SOURCE, _check(counter))
    out = tmp_path / "gen"
    made = cli("mutate", "--from-corpus", str(root), "--out", str(out), "--operators", "AOR,ROR,CRP,HOM")
    assert made.returncode == 0, made.stderr
    items = sorted((out / "items").iterdir())
    assert len(items) >= 4 and any((i / "only_fault1.py").exists() for i in items)
    counter.unlink()
    report = _verify(out)
    assert report["passed"] and report["counts"]["killable"] == len(items), report["failures"]
    runs = counter.read_text().split()
    assert len(runs) > len(items) and len(set(runs)) == 1  # every check on a fresh test module, in one interpreter
    survivor, broken = items[0], items[1]
    (survivor / "original.py").write_text((survivor / "fixed.py").read_text())  # the defect is gone
    (broken / "fixed.py").write_text((broken / "fixed.py").read_text().replace("a + b", "a - b"))
    failures = {(f["item"], f["check"], f["reason"].split(":")[0]) for f in _verify(out)["failures"]}
    assert (survivor.name, "killability", "check_original passes on original.py") in failures
    assert (broken.name, "killability", "check_original fails on fixed.py (should pass)") in failures
    assert {item for item, check, _ in failures if check == "killability"} == {survivor.name, broken.name}


def test_a_hang_is_a_kill_in_a_check_worker(tmp_path):
    out = looping_corpus(tmp_path, "3")
    report = _verify(out, "--timeout", "3")
    assert report["passed"], report["failures"]
    looping = next(p for p in (out / "items").iterdir() if "i += 1" not in (p / "original.py").read_text())
    (looping / "fixed.py").write_text((looping / "original.py").read_text())  # the repair now hangs too
    failures = [f for f in _verify(out, "--timeout", "3")["failures"] if f["item"] == looping.name]
    assert any(f["check"] == "killability" and "timeout after 3 s" in f["reason"] for f in failures)


def test_a_mutant_killed_by_a_timeout_is_checked_under_the_limit_mutate_gave_it(tmp_path):
    from redpen_bench.gate.killability import run_killability
    from redpen_bench.model.corpus import load_corpus

    corpus = load_corpus(looping_corpus(tmp_path, "8"))
    looping = next(i for i in corpus.items if i.provenance.get("timed_out") is True)
    found = run_killability(corpus, timeout=8.0, in_workers=True)
    results = {r.check.variant: r for r in found[looping.id]}
    assert results["fixed"].passed and not results["original"].passed
    # 50 times the repair's own time, at least 1 s: not the 8 s timeout a check that never ends would wait out
    assert results["original"].detail == "timeout after 1 s"
    untimed = next(i for i in corpus.items if i.provenance.get("timed_out") is False)
    assert all(r.as_expected for r in found[untimed.id])
