"""The one way Red-Pen runs a project's own tests (mutate, verify, harvest): under the project's interpreter, the
tree under test first on the path, contained, with a report per test (runner.py, redpen_pytest_report.py)."""
