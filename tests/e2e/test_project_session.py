"""The pytest session kept open between mutants (project_tests/session.py, redpen_pytest_session.py), on a real
src-layout project written here, under a real interpreter of its own (a throwaway venv): each shape a function
comes in (a plain one imported by name elsewhere, a decorated one, an lru_cache'd one, a method, a staticmethod,
a property, a closure; beside a class with a cache's method names) takes its mutant and gives it back; what
cannot be put in is refused; a test that fails when run twice in one process never makes a false kill."""

from __future__ import annotations

from pathlib import Path

import pytest

from redpen_bench.gate import project_items
from redpen_bench.gate.checks import checks_for
from redpen_bench.gate.killability import run_killability
from redpen_bench.generate import project_checks
from redpen_bench.generate.kill import verdict
from redpen_bench.generate.project_baseline import suite_baseline
from redpen_bench.generate.project_checks import ProjectChecks
from redpen_bench.generate.units import Unit
from redpen_bench.model.corpus import load_corpus
from redpen_bench.project_tests.interpreter import project_python
from redpen_bench.project_tests.item_check import read_item_check
from redpen_bench.project_tests.redpen_pytest_session import Unpatchable, changed_functions
from redpen_bench.project_tests.runner import Settings
from redpen_bench.project_tests.session import TestSession, open_session
from tests.e2e.mutate_helpers import cli
from tests.e2e.test_project_tests import make_venv

SHAPES = '''\
import functools


def plain(a, b):
    return a + b


def deco(f):
    @functools.wraps(f)
    def wrapper(*args):
        return f(*args)
    return wrapper


@deco
def decorated(x):
    return x * 2


@functools.lru_cache(maxsize=None)
def cached(x):
    return x + 1


class Box:
    limit = 10

    def fits(self, n):
        return n <= self.limit

    @staticmethod
    def double(n):
        return n * 2

    @property
    def half(self):
        return self.limit // 2


def counter():
    total = 0

    def bump():
        nonlocal total
        total += 1
        return total
    return bump


def scaled(x, scale=3):
    return x * scale


def tagged(f):
    def tagger(*args):
        result = f(*args)
        return result
    return tagger


def count_down(n):
    steps = 0
    while n > 0:
        n -= 1
        steps += 1
    return steps


class Clearing:
    """A class with a method named as a cache's is no cache: the session never calls it to clear one."""

    def cache_clear(self, which):
        return which

    def cache_info(self, which):
        return which
'''

TESTS = '''\
from sessproj.shapes import Box, cached, count_down, counter, decorated, scaled
from sessproj.user import use


def test_plain():
    assert use(2) == 3


def test_decorated():
    assert decorated(4) == 8


def test_cached():
    assert cached(1) == 2


def test_fits():
    assert Box().fits(10) and not Box().fits(11)


def test_double():
    assert Box.double(3) == 6


def test_half():
    assert Box().half == 5


def test_counter():
    bump = counter()
    bump()
    assert bump() == 2


def test_scaled():
    assert scaled(2) == 6


def test_count_down():
    assert count_down(3) == 3
'''

# a decorator applied when the test module is imported, at collection: the session's tests hold the function it
# made then, whatever is put into `tagged` later
TAGGED = '''\
from sessproj.shapes import tagged


@tagged
def triple(x):
    return 3 * x


def test_triple():
    assert triple(2) == 6
'''

ONCE = '''\
from sessproj.shapes import plain

RUNS = []


def test_once():
    RUNS.append(1)  # a second run in the same process fails: state no mutant is to blame for
    assert len(RUNS) == 1 and plain(1, 1) == 2
'''

# shape -> (the source's text, the mutant's, the test that kills it)
MUTANTS = {
    "imported by name": ("return a + b", "return a - b", "test_plain"),
    "decorated": ("return x * 2", "return x * 3", "test_decorated"),
    "lru_cache": ("return x + 1", "return x + 2", "test_cached"),
    "method": ("return n <= self.limit", "return n < self.limit", "test_fits"),
    "staticmethod": ("return n * 2", "return n * 4", "test_double"),
    "property": ("return self.limit // 2", "return self.limit // 3", "test_half"),
    "closure": ("total += 1", "total += 2", "test_counter"),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    package = root / "src" / "sessproj"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "shapes.py").write_text(SHAPES, encoding="utf-8")
    (package / "user.py").write_text("from sessproj.shapes import plain\n\n\ndef use(a):\n    return plain(a, 1)\n",
                                     encoding="utf-8")
    (root / "tests").mkdir()
    (root / "tests" / "test_shapes.py").write_text(TESTS, encoding="utf-8")
    (root / "tests" / "test_once.py").write_text(ONCE, encoding="utf-8")
    (root / "tests" / "test_tagged.py").write_text(TAGGED, encoding="utf-8")
    (root / "pyproject.toml").write_text('[project]\nname = "sessproj"\nversion = "1"\n', encoding="utf-8")
    make_venv(root / ".venv")
    return root


def shapes_tests() -> list[str]:
    return [f"tests/test_shapes.py::{name}" for _, _, name in MUTANTS.values()] + ["tests/test_shapes.py::test_scaled"]


def test_every_shape_of_function_takes_its_mutant_and_gives_it_back(project: Path):
    settings = Settings(project_python(project, None))
    tests = shapes_tests()
    session = open_session(settings, project, tests, 60)
    assert session is not None
    try:
        assert session.run(tests, 60).passed  # fills the lru_cache with the source's answers
        for shape, (before, after, killer) in MUTANTS.items():
            mutant = SHAPES.replace(before, after, 1)
            assert mutant != SHAPES
            result = session.run(tests, 60, mutant=("src/sessproj/shapes.py", mutant))
            assert result is not None and result.failed == (f"tests/test_shapes.py::{killer}",), shape
            assert session.run(tests, 60).passed, f"{shape}: the source is back"
        assert (project / "src" / "sessproj" / "shapes.py").read_text(encoding="utf-8") == SHAPES
    finally:
        session.close()


@pytest.mark.parametrize(("before", "after"), [
    ("limit = 10", "limit = 11"),  # a class attribute
    ("scale=3", "scale=4"),  # a default value, computed where the function is defined
    ("import functools\n", "import functools\nLIMIT = 1\n"),  # module code
])
def test_a_change_outside_a_function_body_is_refused(project: Path, before: str, after: str):
    original = compile(SHAPES, "shapes.py", "exec")
    with pytest.raises(Unpatchable, match="outside any function's body"):
        changed_functions(original, compile(SHAPES.replace(before, after, 1), "shapes.py", "exec"))
    settings = Settings(project_python(project, None))
    session = open_session(settings, project, shapes_tests(), 60)
    assert session is not None
    try:
        mutant = SHAPES.replace(before, after, 1)
        assert session.run(shapes_tests(), 60, mutant=("src/sessproj/shapes.py", mutant)) is None
    finally:
        session.close()


def test_the_changed_functions_are_the_changed_one_and_those_enclosing_it():
    original = compile(SHAPES, "shapes.py", "exec")
    assert set(changed_functions(original, compile(SHAPES.replace("total += 1", "total += 2"), "s", "exec"))) == {
        "counter", "counter.<locals>.bump"}
    assert set(changed_functions(original, compile(SHAPES.replace("n <= self", "n < self"), "s", "exec"))) == {
        "Box.fits"}
    # a nested function added or removed: the enclosing one is replaced whole
    nested = SHAPES.replace("def deco(f):\n", "def deco(f):\n    helper = lambda: None\n")
    assert set(changed_functions(original, compile(nested, "s", "exec"))) == {"deco"}
    assert changed_functions(original, compile(SHAPES, "elsewhere.py", "exec")) == {}


def test_a_hang_ends_the_session_and_the_next_request_starts_another(project: Path):
    settings = Settings(project_python(project, None))
    tests = shapes_tests()
    session = open_session(settings, project, tests, 60)
    assert session is not None
    try:
        hang = SHAPES.replace("return a + b", "while True:\n        pass")
        hung = session.run(tests, 2, mutant=("src/sessproj/shapes.py", hang))
        assert hung is not None and hung.timed_out
        assert session.run(tests, 60).passed
    finally:
        session.close()


def test_a_test_that_fails_when_run_twice_makes_no_false_kill(project: Path):
    """An equivalent mutant of `plain` (b + a) survives; in the open session test_once fails the second time it
    runs, for no fault of the mutant: the check of the unmodified code catches it, the session is closed, and
    the mutant is judged in a session of its own, where it survives again."""
    settings = Settings(project_python(project, None))
    base = suite_baseline(project, settings, 2)
    assert "tests/test_once.py::test_once" in base.stable
    unit = Unit("src/sessproj/shapes.py", project / "src" / "sessproj" / "shapes.py", "shapes")
    checker = ProjectChecks(project, settings, base).open(unit, 60)
    try:
        assert checker.baseline() is not None and checker.session is not None
        equivalent = SHAPES.replace("return a + b", "return b + a")
        line = SHAPES.splitlines().index("    return a + b") + 1
        outcomes = [checker.check(equivalent, 60, "plain", (line,)) for _ in range(3)]
        assert [o.status for o in outcomes] == ["pass"] * 3
        assert checker.session is None  # closed at the false kill
        killed = checker.check(SHAPES.replace("return a + b", "return a - b"), 60, "plain", (line,))
        assert killed.status == "fail"  # and a real kill still counts, judged in a fresh process
    finally:
        checker.close()


def test_the_tests_run_are_those_that_ran_the_mutants_lines(project: Path):
    settings = Settings(project_python(project, None))
    base = suite_baseline(project, settings, 1)
    lines = SHAPES.splitlines()
    fits = lines.index("        return n <= self.limit") + 1
    assert base.running("src/sessproj/shapes.py", "Box.fits", (fits,)) == ("tests/test_shapes.py::test_fits",)
    plain = lines.index("    return a + b") + 1
    assert set(base.running("src/sessproj/shapes.py", "plain", (plain,))) == {
        "tests/test_shapes.py::test_plain", "tests/test_once.py::test_once"}
    # the def line runs at import, in no test: every test that ran the function
    definition = lines.index("def scaled(x, scale=3):") + 1
    assert base.running("src/sessproj/shapes.py", "scaled", (definition,)) == base.covering(
        "src/sessproj/shapes.py", "scaled")


def test_verify_runs_the_generated_project_checks_in_one_session(project: Path, tmp_path: Path, monkeypatch):
    """mutate, then verify: the items' checks run in the project's session, and only those the session cannot
    vouch for (a mutant outside a body; a kill by test_once, which fails on the project as it is once it has run)
    run the ordinary way, one process each. Every result is what the gate expects. An item kept for a timeout
    (n -= 1 -> n += 1 in count_down loops for ever) names the tests it ran, and is judged in the session as mutate
    judged it, not by waiting out the 60 s timeout: every defective module runs under 50 times its repair's own
    time (a higher-order item's single fault may loop for ever too), and a timed-out item's go straight to a
    session of their own, where alone a timeout counts."""
    out = tmp_path / "gen"
    made = cli("mutate", str(project), "--out", str(out), "--operators", "AOR")
    assert made.returncode == 0, made.stderr
    corpus = load_corpus(out)
    assert all(read_item_check(item.folder / "test_item.py") is not None for item in corpus.items)
    hung = [i for i in corpus.items if i.provenance.get("timed_out") is True]
    assert hung
    for item in hung:
        assert read_item_check(item.folder / "test_item.py").tests == ["tests/test_shapes.py::test_count_down"]
    ordinary: list[str] = []
    real = project_items.run_check

    def counted(item, check, timeout, stopper=None):
        ordinary.append(item.id)
        return real(item, check, timeout, stopper)

    monkeypatch.setattr(project_items, "run_check", counted)
    runs: list[tuple[float, bool, bool]] = []  # (limit, a mutant put in, timed out) of every session's run
    real_run = TestSession.run

    def recorded(self, tests, limit, *, exitfirst=False, mutant=None):
        found = real_run(self, tests, limit, exitfirst=exitfirst, mutant=mutant)
        runs.append((limit, mutant is not None, found is not None and found.timed_out))
        return found

    monkeypatch.setattr(TestSession, "run", recorded)
    results = run_killability(corpus, timeout=60, jobs=1, in_workers=True)
    assert all(r.as_expected for found in results.values() for r in found), results
    assert sum(len(found) for found in results.values()) == sum(len(checks_for(i)) for i in corpus.items)
    assert 0 < len(set(ordinary)) < len(corpus.items) / 2
    assert not {i.id for i in hung} & set(ordinary)
    assert all(limit < 10 for limit, mutant, _ in runs if mutant), runs  # limit_for(own), not the 60 s timeout
    assert not any(mutant and timed_out for _, mutant, timed_out in runs)  # a timeout is never waited out twice
    assert sum(timed_out for *_, timed_out in runs) >= len(hung)


def test_a_hand_edited_check_is_run_as_itself(project: Path, tmp_path: Path):
    out = tmp_path / "gen"
    assert cli("mutate", str(project), "--out", str(out), "--operators", "AOR").returncode == 0
    corpus = load_corpus(out)
    edited = corpus.items[0].folder / "test_item.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "# edited by hand\n", encoding="utf-8")
    assert read_item_check(edited) is None
    groups, others = project_items.session_groups(load_corpus(out))
    assert [item.id for item in others] == [corpus.items[0].id]
    assert sum(len(pairs) for pairs in groups.values()) == sum(len(checks_for(i)) for i in corpus.items[1:])


def test_a_function_that_ran_at_collection_is_judged_with_the_tests_imported_anew(project: Path):
    """`tagged` made test_tagged's `triple` when that module was imported: a mutant of its closure, put into the
    open session, would never reach `triple`, and would survive. The session knows `tagged` ran before the first
    test and refuses it, so it is checked in a session of its own, which imports the tests with the mutant in
    place; so is `deco`'s closure (`decorated` is made when shapes.py is imported), but not `plain`."""
    settings = Settings(project_python(project, None))
    base = suite_baseline(project, settings, 1)
    rel = "src/sessproj/shapes.py"
    tagged = SHAPES.replace("        return result", "        return -result")
    unit = Unit(rel, project / rel, "shapes")
    checker = ProjectChecks(project, settings, base).open(unit, 60)
    try:
        assert checker.baseline() is not None and checker.session is not None
        session = checker.session
        for mutant in (tagged, SHAPES.replace("return f(*args)", "return -f(*args)")):
            assert session.run(["tests/test_tagged.py::test_triple"], 60, mutant=(rel, mutant)) is None
        plain = session.run(["tests/test_shapes.py::test_plain"], 60, mutant=(rel, SHAPES.replace("a + b", "a - b")))
        assert plain is not None and plain.failed == ("tests/test_shapes.py::test_plain",)
        line = SHAPES.splitlines().index("        return result") + 1
        assert base.running(rel, "tagged.tagger", (line,)) == ("tests/test_tagged.py::test_triple",)
        outcome = checker.check(tagged, 60, "tagged.tagger", (line,))
        assert outcome.status == "fail" and outcome.tests == ("tests/test_tagged.py::test_triple",)
    finally:
        checker.close()


def test_a_hang_in_the_session_is_judged_by_its_own_tests_time(project: Path):
    """A mutant that loops for ever waits out 50 times its tests' own time (at least a second), not the unit's
    limit (60 s here), and it is a kill, measured against that time: the suite's time plays no part."""
    settings = Settings(project_python(project, None))
    base = suite_baseline(project, settings, 1)
    rel = "src/sessproj/shapes.py"
    checker = ProjectChecks(project, settings, base).open(Unit(rel, project / rel, "shapes"), 60)
    try:
        assert checker.baseline() is not None and checker.session is not None
        line = SHAPES.splitlines().index("        n -= 1") + 1
        outcome = checker.check(SHAPES.replace("        n -= 1", "        n += 1"), 60, "count_down", (line,))
        tests = base.running(rel, "count_down", (line,))
        assert tests == ("tests/test_shapes.py::test_count_down",)
        assert outcome.status == "timeout" and outcome.tests == tests
        assert outcome.source_seconds == base.seconds_of(tests) < 0.5
        assert float(outcome.detail.split()[2]) < 10, outcome.detail  # limit_for(own) = 1 s, not 60 s
        # a suite slower than a quarter of the unit's limit makes the timeout no less the mutant's
        assert verdict(outcome, 50.0, 60) == "timed-out"
    finally:
        checker.close()


def test_a_test_file_among_the_tests_stands_for_the_tests_it_holds(project: Path):
    """A mutant that breaks a test module's import is killed by that file (project_checks._killers): the
    session runs a file given among the tests as every test it collected from it."""
    session = TestSession(Settings(project_python(project, None)), project, ["tests/test_tagged.py"])
    try:
        ran = session.run(["tests/test_tagged.py"], 60)
        assert ran is not None and ran.passed and set(ran.outcomes) == {"tests/test_tagged.py::test_triple"}
        assert session.run(["tests/test_tagged.py", "tests/test_none.py"], 60) is None
    finally:
        session.close()


def test_a_module_the_tests_import_only_inside_a_test_takes_mutants_in_the_session(project: Path):
    """`later` imports sessproj.lazy when a test calls it, so after collection the module is not there to put a
    mutant in: the session refused every mutant of it (each then took a session of its own: 121 of cachetools's
    716 checks, `_cached.py`). A session told which file its mutants change imports it before the first request,
    and the mutant goes in."""
    package = project / "src" / "sessproj"
    (package / "lazy.py").write_text("def twice(x):\n    return x * 2\n", encoding="utf-8")
    (package / "later.py").write_text("def later(x):\n    from sessproj.lazy import twice\n\n    return twice(x)\n",
                                      encoding="utf-8")
    (project / "tests" / "test_later.py").write_text(
        "from sessproj.later import later\n\n\ndef test_later():\n    assert later(3) == 6\n", encoding="utf-8")
    settings = Settings(project_python(project, None))
    tests, rel = ["tests/test_later.py::test_later"], "src/sessproj/lazy.py"
    mutant = (rel, "def twice(x):\n    return x * 3\n")
    for sources, killed in (((), None), ((rel,), ("tests/test_later.py::test_later",))):
        session = open_session(settings, project, tests, 60, sources)
        assert session is not None
        try:
            result = session.run(tests, 60, mutant=mutant)
            assert (result.failed if result is not None else None) == killed, sources
            assert session.run(tests, 60).passed
        finally:
            session.close()


NEGATED = '''\
import pytest

from sessproj.shapes import plain

SENTINEL = object()


@pytest.mark.parametrize(("args", "expected", "marker"), [([1, 2], 3, SENTINEL), ([2, 5], 7, SENTINEL)])
def test_both_signs(args, expected, marker):
    assert marker is SENTINEL  # an argument nobody changes keeps its identity
    assert plain(*args) == expected
    args[0], args[1] = -args[0], -args[1]  # "retest with negative input": the test changes its own argument
    assert plain(*args) == -expected
'''


def test_a_test_that_changes_its_own_argument_gets_it_back_each_run(project: Path):
    """python-humanize's test_naturalsize negates its own parametrize list: a fresh process makes the list anew,
    the open session ran the same list again, so the second run failed with no mutant in, the session was
    blamed and closed, and every later mutant of the file paid a process of its own (51 s for filesize.py's
    59 kills; 3.7 s with the values given back)."""
    (project / "tests" / "test_negated.py").write_text(NEGATED, encoding="utf-8")
    settings = Settings(project_python(project, None))
    base = suite_baseline(project, settings, 2)
    tests = sorted(t for t in base.stable if t.startswith("tests/test_negated.py"))
    assert len(tests) == 2
    rel = "src/sessproj/shapes.py"
    checker = ProjectChecks(project, settings, base).open(Unit(rel, project / rel, "shapes"), 60)
    try:
        assert checker.baseline() is not None and checker.session is not None
        for _ in range(3):
            assert checker.session.run(tests, 60).passed
        line = SHAPES.splitlines().index("    return a + b") + 1
        assert checker.check(SHAPES.replace("return a + b", "return b + a"), 60, "plain", (line,)).status == "pass"
        killed = checker.check(SHAPES.replace("return a + b", "return a * b"), 60, "plain", (line,))
        assert killed.status == "fail"
        assert checker.session is not None  # judged in the open session, which nothing blamed
    finally:
        checker.close()


def test_what_the_session_often_refuses_goes_to_a_test_worker(project: Path, monkeypatch):
    """A file whose mutants the open session refuses again and again (cachetools's decorators run at collection)
    has them checked in a test worker from the WORKER_AFTER-th on: the tree imported afresh for each run, without
    a process's start-up. The verdicts are a session of its own's: a kill, a survivor, and a hang, which is
    judged in a session of its own under the full limit and leaves the worker to the next mutant."""
    monkeypatch.setattr(project_checks, "WORKER_AFTER", 2)
    settings = Settings(project_python(project, None))
    base = suite_baseline(project, settings, 2)
    rel = "src/sessproj/shapes.py"
    line = SHAPES.splitlines().index("        return result") + 1
    checker = ProjectChecks(project, settings, base).open(Unit(rel, project / rel, "shapes"), 60)
    try:
        assert checker.baseline() is not None and checker.session is not None

        def check(after: str) -> str:
            return checker.check(SHAPES.replace("        return result", after), 60, "tagged.tagger", (line,)).status

        assert check("        return -result") == "fail" and checker.worker is None  # the first: a fresh session
        assert check("        return result + 1") == "fail" and checker.worker is not None
        worker = checker.worker
        assert check("        return +result") == "pass"  # an int's unary plus: the same value
        hang = checker.check(SHAPES.replace("        return result", "        while True:\n            pass"), 60,
                             "tagged.tagger", (line,))
        assert hang.status == "timeout" and hang.seconds < 10
        assert check("        return result * 2") == "fail"
        assert checker.worker is worker and not checker.no_worker
        assert (project / rel).read_text(encoding="utf-8") == SHAPES  # the project itself is never written to
    finally:
        checker.close()
