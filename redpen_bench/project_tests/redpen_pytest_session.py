"""One pytest session that stays open between mutants: `python -m redpen_pytest_session ARGS_JSON [mutants
[SOURCE ...]]`, under the project's interpreter, with redpen_pytest_report loaded (runner.command's arguments);
"mutants": one that takes them (else it runs the tree as written and refuses every mutant), and imports each
SOURCE file's module before the first request if the tests have not (one they import only inside a test can take
mutants too, and what its import runs is recorded as the tests' imports are).

It collects the given test files once, says which tests it holds, then answers requests (one JSON line each on
stdin, one JSON line each on the fd it was given): run these tests, in this order, optionally stopping at the first
failure, optionally with a mutant of one source file in place. A mutant goes in by giving the functions it changes
their mutated code (`function.__code__`), for the time of the request only, so every reference to them (a method,
a name another module imported, a decorator's wrapped function) runs the mutant: no import, no collection, no
start-up per mutant (mutmut's trampolines reach the same end by compiling every mutant in). What cannot be put in
that way is refused, and the caller uses a session of its own for it: a change outside a function's body (module
or class level, a default value, a decorator's arguments), a function no object of the module holds, a changed
closure, and a function that ran before the first request (at import or collection: a decorator a test module
applies, a `__set_name__`, a factory whose closures the tests hold), since what it made then would never run the
mutant. `functools` caches of the module are cleared before and after, so no result of the other code is
reused. Each test runs by pytest's own protocol (Server._run), with its parametrize values as collected (Params).

Standard library and pytest only: it runs in the project's environment, not Red-Pen's."""

from __future__ import annotations

import contextlib
import copy
import functools
import importlib
import inspect
import json
import os
import sys
import tokenize
import types

import pytest

_FUNCTION = inspect.CO_NEWLOCALS  # functions, lambdas and comprehensions; not module or class bodies


class Unpatchable(Exception):
    pass


class BeforeTests:
    """Records which functions (file, qualname) start from now until `stop`: sys.monitoring where there is one
    (each code object reported once), else a profile function (Python 3.11)."""

    def __init__(self) -> None:
        self.ran: set[tuple[str, str]] = set()
        self.tool = None
        self.profiling = False
        if not hasattr(types.CodeType, "co_qualname"):  # before Python 3.11 no mutant is put in (Patch): no need
            return
        monitoring = getattr(sys, "monitoring", None)
        for tool in (5, 4, 3) if monitoring is not None else ():
            try:
                monitoring.use_tool_id(tool, "redpen-session")
            except ValueError:  # in use (coverage, a debugger): try another
                continue
            self.tool = tool
            monitoring.register_callback(tool, monitoring.events.PY_START, self._start)
            monitoring.set_events(tool, monitoring.events.PY_START)
            return
        self.profiling = True
        sys.setprofile(self._profile)

    def _start(self, code, offset):
        if code.co_flags & _FUNCTION:
            self.ran.add((code.co_filename, code.co_qualname))
        return sys.monitoring.DISABLE

    def _profile(self, frame, event, arg) -> None:
        if event == "call" and frame.f_code.co_flags & _FUNCTION:
            self.ran.add((frame.f_code.co_filename, frame.f_code.co_qualname))

    def stop(self) -> frozenset[tuple[str, str]]:
        if self.tool is not None:
            sys.monitoring.set_events(self.tool, 0)
            sys.monitoring.register_callback(self.tool, sys.monitoring.events.PY_START, None)
            sys.monitoring.free_tool_id(self.tool)
        if self.profiling:
            sys.setprofile(None)
        return frozenset(self.ran)


def _codes(code: types.CodeType) -> list[types.CodeType]:
    return [c for c in code.co_consts if isinstance(c, types.CodeType)]


def _shape(code: types.CodeType) -> tuple:
    """What a code object does, without where its lines are (a mutant may move the lines after it)."""
    consts = tuple(("<code>", c.co_qualname) if isinstance(c, types.CodeType) else (type(c).__name__, repr(c))
                   for c in code.co_consts)
    return (code.co_code, consts, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars,
            code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount, code.co_flags)


def changed_functions(original: types.CodeType, mutant: types.CodeType) -> dict[str, types.CodeType]:
    """qualname -> mutant code of every function whose code differs, with the functions enclosing it (a closure
    made at call time takes its code from its parent's); Unpatchable when module or class code differs."""
    found: dict[str, types.CodeType] = {}

    def walk(a: types.CodeType, b: types.CodeType, chain: list[types.CodeType]) -> None:
        inner_a, inner_b = _codes(a), _codes(b)
        nested_alike = [x.co_qualname for x in inner_a] == [y.co_qualname for y in inner_b]
        if _shape(a) != _shape(b) or not nested_alike:
            if not a.co_flags & _FUNCTION:
                raise Unpatchable(f"{a.co_qualname}: the change lies outside any function's body")
            for code in [*chain, b]:
                found[code.co_qualname] = code
        if nested_alike:  # else the function is replaced whole, its nested code with it
            for x, y in zip(inner_a, inner_b):
                walk(x, y, [*chain, b] if b.co_flags & _FUNCTION else [])

    walk(original, mutant, [])
    return found


def _functions(module: types.ModuleType) -> tuple[list[types.FunctionType], list]:
    """The functions of `module`'s file its namespace reaches (classes, methods, properties, closures, wrapped
    functions), and the functools caches on the way."""
    found, caches, seen = [], [], set()
    stack = list(vars(module).values())
    while stack:
        obj = stack.pop()
        if obj is None or id(obj) in seen:
            continue
        seen.add(id(obj))
        if _is_cache(obj):
            caches.append(obj)
        if isinstance(obj, types.FunctionType):
            if obj.__code__.co_filename == module.__file__:
                found.append(obj)
            stack += [cell.cell_contents for cell in obj.__closure__ or () if _filled(cell)]
        elif isinstance(obj, (staticmethod, classmethod, types.MethodType)):
            stack.append(obj.__func__)
        elif isinstance(obj, property):
            stack += [obj.fget, obj.fset, obj.fdel]
        elif isinstance(obj, functools.partial):
            stack.append(obj.func)
        elif isinstance(obj, type) and obj.__module__ == module.__name__:
            stack += list(vars(obj).values())
        wrapped = getattr(obj, "__wrapped__", None) if not isinstance(obj, type) else None
        if wrapped is not None:
            stack.append(wrapped)
    return found, caches


def _is_cache(obj) -> bool:
    """A function's cache as functools makes one (or one that looks the same: cache_info and cache_clear); not a
    class that merely has such methods, whose cache_clear wants an instance."""
    return not isinstance(obj, type) and all(callable(getattr(obj, name, None)) for name in ("cache_clear",
                                                                                             "cache_info"))


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=8)
def _compiled(source: str, filename: str) -> types.CodeType:
    """The unmodified file's code: every mutant of it is compared with the same."""
    return compile(source, filename, "exec", dont_inherit=True)


class Patch:
    """A mutant of one source file, put into the live functions of its module until `undo`."""

    def __init__(self, path: str, source: str, before_tests: frozenset[tuple[str, str]] = frozenset()):
        if not hasattr(types.CodeType, "co_qualname"):  # before Python 3.11 a code object does not name its function
            raise Unpatchable("Python 3.11 or later is needed to put a mutant into a running session")
        module = _module_of(path)
        if module is None:
            raise Unpatchable(f"{path} is not imported by the tests")
        with tokenize.open(path) as file:  # in the encoding its coding cookie declares (PEP 263)
            original = _compiled(file.read(), module.__file__)
        mutant = compile(source, module.__file__, "exec", dont_inherit=True)
        codes = changed_functions(original, mutant)
        made = sorted(q for q in codes if (module.__file__, q) in before_tests)
        if made:
            raise Unpatchable(f"{path}: {', '.join(made)} ran before the first test (at import or collection): "
                              "what it made then would not run the mutant")
        functions, self.caches = _functions(module)
        self.done: list[tuple[types.FunctionType, types.CodeType]] = []
        reached = set()
        try:
            for function in functions:
                code = codes.get(function.__code__.co_qualname)
                if code is not None:
                    self.done.append((function, function.__code__))
                    function.__code__ = code  # ValueError when its closure no longer fits
                    reached.add(code.co_qualname)
        except ValueError as exc:
            self._restore()
            raise Unpatchable(f"{path}: {exc}") from None
        if not reached:
            self._restore()
            raise Unpatchable(f"{path}: no function of the module holds {', '.join(sorted(codes))}")
        try:
            self._clear()
        except Exception as exc:  # a result the unmodified code cached could answer for the mutant
            self._restore()
            raise Unpatchable(f"{path}: a cache of the module cannot be cleared: {type(exc).__name__}: {exc}") from None

    def _restore(self) -> None:
        for function, code in reversed(self.done):
            function.__code__ = code
        self.done = []

    def undo(self) -> None:
        self._restore()
        self._clear()

    def _clear(self) -> None:
        for cache in self.caches:
            cache.cache_clear()


# what a test may change in place: a parametrize value of these types is given back as it was collected
_MUTABLE = (list, dict, set, bytearray)


class Params:
    """The tests' parametrize values as collected, given back before a run to a test whose last run changed
    them (`test_args[0] *= -1`): a fresh process makes them anew, and the open session would otherwise be blamed
    and closed for the failure. Only a mutable builtin container unequal to its copy is replaced: every other
    argument keeps its identity."""

    def __init__(self, items: list) -> None:
        self.pristine: dict[str, dict[str, object]] = {}
        for item in items:
            params = getattr(getattr(item, "callspec", None), "params", None) or {}
            kept = {}
            for name, value in params.items():
                if isinstance(value, _MUTABLE):
                    with contextlib.suppress(Exception):  # what cannot be copied stays as the test leaves it
                        kept[name] = copy.deepcopy(value)
            if kept:
                self.pristine[item.nodeid] = kept

    def restore(self, item) -> None:
        for name, value in self.pristine.get(item.nodeid, {}).items():
            params = item.callspec.params  # only items with a callspec are kept
            with contextlib.suppress(Exception):  # an __eq__ that raises: left as it is
                if params[name] != value:
                    params[name] = copy.deepcopy(value)


class Server:
    """pytest's run loop, taken over: the collected tests, then one answer per request until stdin ends."""

    def __init__(self, requests, answers, before_tests: BeforeTests | None, sources: list[str]) -> None:
        self.requests, self.answers, self.before_tests, self.sources = requests, answers, before_tests, sources

    def _answer(self, data: dict) -> None:
        self.answers.write(json.dumps(data) + "\n")
        self.answers.flush()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session) -> bool:
        report = sys.modules["redpen_pytest_report"]
        items = {item.nodeid: item for item in session.items}
        params = Params(session.items)  # before any test runs: the values as a fresh process collects them
        for path in self.sources:
            _import_file(path)
        ran = self.before_tests.stop() if self.before_tests is not None else frozenset()
        self._answer({"tests": list(items), "collection_errors": list(report._errors),
                      "patching": hasattr(types.CodeType, "co_qualname") and self.before_tests is not None})
        for line in self.requests:
            request = json.loads(line)
            try:
                patch = Patch(**request["patch"], before_tests=ran) if request.get("patch") else None
            except Exception as exc:  # Unpatchable, or a file that cannot be read or compiled: the caller's way
                self._answer({"unpatchable": f"{type(exc).__name__}: {exc}"})
                continue
            report._results.clear()
            try:
                self._run([items[t] for t in request["tests"] if t in items], request.get("exitfirst", False),
                          report._results, params)
            finally:
                if patch is not None:
                    patch.undo()
            self._answer({"outcomes": report._results, "missing": [t for t in request["tests"] if t not in items]})
        return True

    @staticmethod
    def _run(items: list, exitfirst: bool, results: dict, params: Params) -> None:
        """Each test by pytest's protocol. Run whole, the next test is named so that fixtures they share stay up
        between them; stopping at the first failure, each test is torn down to the session before the next (pytest
        has no public way to tear down later what a stopped run left up). Either way the last test run is torn down
        with everything, session fixtures included: no fixture made with a mutant outlives its request."""
        for i, item in enumerate(items):
            following = items[i + 1] if i + 1 < len(items) and not exitfirst else None
            params.restore(item)
            item.ihook.pytest_runtest_protocol(item=item, nextitem=following)
            if exitfirst and results.get(item.nodeid, {}).get("outcome") in ("failed", "error"):
                return


def _module_of(path: str) -> types.ModuleType | None:
    real = os.path.realpath(path)
    return next((m for m in list(sys.modules.values()) if getattr(m, "__file__", None)
                 and os.path.realpath(m.__file__) == real), None)


def _import_file(path: str) -> None:
    """The module of `path` imported, unless the tests already have: by the dotted name its path has under the
    deepest import root (sys.path) that holds it (`src/pkg/mod.py` is `pkg.mod`, not `src.pkg.mod`, though the
    tree itself is on the path too). One that cannot be imported so is left: its mutants are refused as before."""
    real = os.path.realpath(path)
    if _module_of(real) is not None:
        return
    roots = {os.path.realpath(entry or os.getcwd()) for entry in sys.path}
    names = [os.path.relpath(real, root).removesuffix(".py").split(os.sep) for root in roots
             if real.startswith(root + os.sep)]
    names = [name[:-1] if name[-1] == "__init__" else name for name in names]
    # a `__main__` is a program, run rather than imported: importing it could run it
    names = [name for name in names if name and name[-1] != "__main__" and all(p.isidentifier() for p in name)]
    if names:
        # one that fails to import this way: the tests never import it so, and there is nothing to patch
        with contextlib.suppress(Exception, SystemExit):
            importlib.import_module(".".join(min(names, key=len)))


def main() -> None:
    # the pipes are the session's own: the tests see /dev/null (pytest's capture replaces sys.stdin, too)
    requests, answers = os.fdopen(os.dup(0), "r"), os.fdopen(os.dup(1), "w")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    # from before pytest starts (its plugins, conftest.py files, the test modules) until the first request; only in
    # a session that takes mutants ("mutants"): the others import the tree as written
    takes_mutants = sys.argv[2:3] == ["mutants"]
    before_tests = BeforeTests() if takes_mutants else None
    status = pytest.main(json.loads(sys.argv[1]), plugins=[Server(requests, answers, before_tests, sys.argv[3:])])
    sys.exit(int(status))


if __name__ == "__main__":
    main()
