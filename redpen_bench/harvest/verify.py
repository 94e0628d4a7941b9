"""Is a candidate a bug fix? Its tests run at F, then at P with only F's test changes applied, through the one
project-test runner (project_tests), each side `repeat` times. A test is fail-to-pass (F2P) when it passes at F
every time and fails at P every time inside the project's behaviour: an assertion about a result (raised in the
test, pytest's own `Failed` included) or an exception whose deepest frame lies in the project's code. A test
that fails at P by an error raised in the test itself (an ImportError or NameError of something F adds, a
TypeError from a new parameter, a fixture that does not exist yet) or at collection shows no defect: its test
needs the fix. The repository is only read (git archive into scratch folders)."""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from redpen_bench.harvest import git
from redpen_bench.harvest.candidates import Candidate
from redpen_bench.project_tests.runner import RunResult, Settings, run

ASSERTIONS = {"AssertionError", "Failed"}  # pytest.fail and pytest.raises' DID NOT RAISE raise Failed
_ERROR_CLASS = re.compile(r"\b([A-Z][A-Za-z0-9_]*(?:Error|Exception|Exit|Warning|Interrupt))\b")


@dataclass(frozen=True)
class Verdict:
    outcome: str  # "kept" or a rejection reason (candidates.REASONS)
    f2p: tuple[str, ...] = ()
    detail: str = ""  # the error class or first line that explains a rejection
    seconds: float = 0.0


def _error_class(text: str) -> str:
    found = _ERROR_CLASS.search(text)
    return found.group(1) if found else (text.split(":")[-1].strip()[:60] or "error")


def _honest(run_result: RunResult, test: str) -> bool:
    o = run_result.outcomes.get(test)
    return (o is not None and o.outcome in ("failed", "error") and o.phase == "call"
            and (o.exception in ASSERTIONS or o.in_project) and not _new_warning(o.message))


_NO_WARNING = re.compile(r"DID NOT WARN|\b\w*Warning not triggered")


def _new_warning(message: str) -> bool:
    """pytest.warns' "DID NOT WARN", unittest's assertWarns' "DeprecationWarning not triggered": the fix adds a
    warning (a deprecation, most often), a change of behaviour asked for, not a defect repaired."""
    return bool(_NO_WARNING.search(message))


def trees(repo: Path, candidate: Candidate, scratch: Path) -> tuple[Path, Path]:
    """F's tree, and P's with F's versions of the test files F changes (deleted where F deletes them)."""
    sha, parent = candidate.commit.sha, candidate.commit.parent
    at_f = git.unpack(repo, sha, scratch / "F")
    at_p = git.unpack(repo, parent, scratch / "P")
    for path in candidate.tests:
        text = git.show(repo, sha, path)
        target = at_p / path
        if text is None:
            target.unlink(missing_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    return at_f, at_p


def test_files(candidate: Candidate, at_f: Path) -> tuple[str, ...]:
    return tuple(t for t in candidate.tests if t.rsplit("/", 1)[-1] != "conftest.py" and (at_f / t).is_file())


def verify(repo: Path, candidate: Candidate, settings: Settings, repeat: int = 3) -> Verdict:
    scratch = Path(tempfile.mkdtemp(prefix="redpen-harvest-"))
    try:
        at_f, at_p = trees(repo, candidate, scratch)
        files = test_files(candidate, at_f)
        if not files:
            return Verdict("not tests and code", detail="F deletes its test files")
        return _verify(at_f, at_p, replace(settings, test_args=(*settings.test_args, *files)), repeat)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _verify(at_f: Path, at_p: Path, settings: Settings, repeat: int) -> Verdict:
    seconds = 0.0
    runs_f: list[RunResult] = []
    runs_p: list[RunResult] = []
    for i in range(repeat):
        # P first after the first round: a candidate whose tests pass at P stops after one run of each side
        runs_f.append(run(settings, at_f))
        first = runs_f[-1]
        seconds += first.seconds
        if first.problem():
            return Verdict("does not run at F", detail=_error_class(first.problem()), seconds=seconds)
        if i == 0 and not any(o.outcome == "passed" for o in first.outcomes.values()):
            failed = [o.message for o in first.outcomes.values() if o.outcome in ("failed", "error")]
            return Verdict("does not run at F", detail=_error_class(failed[0]) if failed else "no test ran",
                           seconds=seconds)
        passing = sorted(k for k, o in runs_f[0].outcomes.items() if o.outcome == "passed")
        runs_p.append(run(settings, at_p, passing))
        seconds += runs_p[-1].seconds
        verdict = _judge(runs_f, runs_p, passing, seconds, final=i == repeat - 1)
        if verdict is not None:
            return verdict
    raise AssertionError("unreachable: the last round always judges")


def _judge(runs_f: list[RunResult], runs_p: list[RunResult], passing: list[str], seconds: float,
           final: bool) -> Verdict | None:
    """The verdict once it is known (a rejection may be known after one round; a keep only after all)."""
    last_p = runs_p[-1]
    unrunnable = _unrunnable_at_p(last_p, seconds)
    if unrunnable is not None:
        return unrunnable
    failing, honest, mixed = _sorted_tests(runs_f, runs_p, passing)
    if honest and final:
        return Verdict("kept", tuple(honest), seconds=seconds)
    if honest:
        return None
    if mixed:
        return Verdict("flaky", seconds=seconds)
    if failing:
        return _failing_not_a_defect(failing, last_p, seconds)
    return Verdict("passes before", seconds=seconds) if len(runs_p) == 1 or final else None


def _unrunnable_at_p(last_p: RunResult, seconds: float) -> Verdict | None:
    """The rejection when P's last run says nothing of the tests: a timeout, an installed copy imported, a
    collection error (an import of something F adds: the test needs the fix)."""
    if last_p.timed_out:
        return Verdict("does not run at P", detail="timeout", seconds=seconds)
    if last_p.shadowed:
        return Verdict("does not run at P", detail="installed copy imported", seconds=seconds)
    if last_p.collection_errors:
        text = "; ".join(last_p.collection_errors)
        reason = "test needs fix" if "cannot import name" in text or "ImportError" in text else "does not run at P"
        return Verdict(reason, detail=_error_class(text), seconds=seconds)
    return None


def _sorted_tests(runs_f: list[RunResult], runs_p: list[RunResult],
                  passing: list[str]) -> tuple[list[str], list[str], list[str]]:
    """F's passing tests sorted by what P's runs did: failing at P every time (a test that passed at F every
    time), of those the honest failures (F2P), and the mixed (not stable at F, or failing at P only sometimes)."""
    stable_f = [t for t in passing if all(r.outcomes.get(t) and r.outcomes[t].outcome == "passed" for r in runs_f)]
    failing = [t for t in stable_f if all(t in r.failed for r in runs_p)]
    honest = [t for t in failing if all(_honest(r, t) for r in runs_p)]
    mixed = [t for t in passing if t not in stable_f or (
        any(t in r.failed for r in runs_p) and not all(t in r.failed for r in runs_p))]
    return failing, honest, mixed


def _failing_not_a_defect(failing: list[str], last_p: RunResult, seconds: float) -> Verdict:
    """Tests that fail at P, none honestly: a new warning asked for (a feature), else a test that needs the fix."""
    if all(_new_warning(last_p.outcomes[t].message) for t in failing if t in last_p.outcomes):
        return Verdict("feature", detail="a new warning", seconds=seconds)
    o = last_p.outcomes.get(failing[0])
    return Verdict("test needs fix", detail=o.exception or o.phase if o else "not collected at P", seconds=seconds)
