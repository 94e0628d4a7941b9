"""The README's command table lists exactly the commands the CLI registers (cli/__init__.py COMMAND_MODULES)."""

from __future__ import annotations

import re

from tests.conftest import ROOT


def test_the_readme_command_table_lists_every_registered_command():
    from redpen_bench import cli

    cli._register()
    registered = set(cli.cli.commands)
    assert registered == set(cli.COMMAND_MODULES), "a command's module is not in cli.COMMAND_MODULES"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("<!-- commands:start -->", 1)[1].split("<!-- commands:end -->", 1)[0]
    rows = [line for line in table.strip().splitlines()[2:]]
    listed = [re.match(r"\| `redpen-bench ([a-z][a-z-]*)", row).group(1) for row in rows]
    assert len(listed) == len(set(listed)), "a command is listed twice"
    assert set(listed) == registered, (f"missing: {sorted(registered - set(listed))}, "
                                       f"not a command: {sorted(set(listed) - registered)}")
