"""The check a project item of `mutate PROJECT` carries (its test_item.py, from project_test_item.py.txt), as
data: written by generate/project.py, read back by verify (gate/project_items.py) to run the same tests on the
same modules in one open session instead of a process per check. Read back only when the file is exactly what
the template makes of its values: a test_item.py edited by hand is run as itself."""

from __future__ import annotations

import ast
import hashlib
from dataclasses import dataclass
from pathlib import Path

TEMPLATE = Path(__file__).with_name("project_test_item.py.txt")
_FIELDS = {"PROJECT": "project", "SOURCE": "source", "TESTS": "tests", "PYTHON": "python", "ENV": "env",
           "TEST_ARGS": "test_args", "SOURCE_SHA256": "source_sha", "MODULES": "modules", "IGNORED": "ignored"}


@dataclass(frozen=True)
class ItemCheck:
    project: str  # the project's folder, relative to the corpus root
    source: str  # the module the snippets stand for, relative to the project
    tests: list[str]  # the killing tests (pytest ids)
    python: str  # the interpreter mutate used, relative to the project when inside it
    env: list[list[str]]  # --env pairs
    test_args: list[str]
    source_sha: str  # sha256 of the project file's bytes when the item was made
    modules: dict[str, str | None]  # sha256 of a snippet's text -> the full module it stands for (None: as it is)
    ignored: tuple[str, ...]  # what is not copied with the project

    def render(self) -> str:
        return TEMPLATE.read_text(encoding="utf-8").format(**{name: repr(getattr(self, name))
                                                              for name in _FIELDS.values()})

    def module_for(self, snippet: str) -> tuple[bool, str | None]:
        """(known, module): whether `snippet` is one of the item's, and the full module to put in its place
        (None: the project's file as it is)."""
        key = hashlib.sha256(snippet.encode("utf-8")).hexdigest()
        return key in self.modules, self.modules.get(key)


def read_item_check(test_item: Path) -> ItemCheck | None:
    """The values of a generated project check, when `test_item` is exactly the template's text for them."""
    try:
        text = test_item.read_text(encoding="utf-8")
        values = {}
        for node in ast.parse(text).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and node.targets[0].id in _FIELDS:
                values[_FIELDS[node.targets[0].id]] = ast.literal_eval(node.value)
        check = ItemCheck(**values)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, TypeError):
        return None
    return check if check.render() == text else None
