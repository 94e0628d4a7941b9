"""Project mode's failed-test parsing: pytest's short summary, coloured or not."""

from __future__ import annotations

from redpen_bench.generate.project_files import failed_tests, strip_ansi

# what pytest -rfE printed for a project whose addopts force --color=yes (python-slugify's shape)
COLOURED = ("\x1b[36m\x1b[1m=========================== short test summary info ============================\x1b[0m\n"
            "\x1b[31mFAILED\x1b[0m test.py::\x1b[1mtest_entities\x1b[0m - AttributeError: 'function' object\n"
            "\x1b[31mFAILED\x1b[0m test.py::\x1b[1mtest_max_length\x1b[0m - AssertionError: assert 'a' == 'b'\n"
            "\x1b[31m\x1b[31m\x1b[1m2 failed\x1b[0m, \x1b[32m6 passed\x1b[0m\x1b[31m in 3.65s\x1b[0m\x1b[0m\n")


def test_coloured_summary_names_the_failing_tests():
    assert failed_tests(COLOURED) == ("test.py::test_entities", "test.py::test_max_length")
    assert strip_ansi(COLOURED).splitlines()[-1] == "2 failed, 6 passed in 3.65s"


def test_ids_with_spaces_errors_and_bare_lines():
    out = ("FAILED tests/test_a.py::test_x[a b] - assert 1 == 2\n"
           "ERROR tests/test_b.py - ImportError: no module\n"
           "FAILED tests/test_c.py::test_y\n")
    assert failed_tests(out) == ("tests/test_a.py::test_x[a b]", "tests/test_b.py", "tests/test_c.py::test_y")
