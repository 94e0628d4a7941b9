"""pylint as a reviewer: `pylint --output-format=json2` once over all files, with an empty rc file.

Profile keys: `enable` and `disable` (message ids, symbols or categories C R W E F I; `all`), applied as
`--disable` then `--enable`. duplicate-code (R0801) compares files with one another, which across unrelated
snippets means nothing, so it is always off. Columns in json2 are 0-based; `endLine` is null for some messages.
pylint's exit status is a bitmask of the message categories it emitted; only 32 (usage error) is a failure.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from redpen_bench.adapters.findings import Finding
from redpen_bench.adapters.profiles import Setting
from redpen_bench.adapters.static import TARGET_PYTHON, FileResult, StaticReviewer, end_line, staged_name

# messages that mean "could not read this file", not "found something in it"
_UNREADABLE = ("syntax-error", "parse-error", "astroid-error", "fatal")
ALWAYS_DISABLED = ("duplicate-code",)


def parse_pylint(output: str, files: list[str]) -> dict[str, FileResult]:
    results = {name: FileResult() for name in files}
    for message in json.loads(output)["messages"]:
        name = staged_name(message["path"])
        if name not in results:
            continue
        start = message["line"] or 1
        if message["symbol"] in _UNREADABLE or message["type"] == "fatal":
            if results[name].error is None:
                results[name].error = (f"pylint cannot parse the file: line {start}: "
                                       f"{message['symbol']}: {message['message']}")
            continue
        results[name].findings.append(Finding(
            line=start, end_line=end_line(start, message.get("endLine"), message.get("endColumn"), first_col=0),
            rule=message["symbol"], message=message["message"], severity=message["type"],
        ))
    for result in results.values():
        if result.error:
            result.findings.clear()
    return results


class Pylint(StaticReviewer):
    family = "pylint"
    dist = "pylint"
    exe_name = "pylint"
    schema = {"enable": Setting(list, default=[]), "disable": Setting(list, default=[])}
    ok_status = tuple(range(32))  # bits 1..16 are message categories; 32 is a usage error

    def command(self, exe: str, files: list[str], workdir: Path) -> list[str]:
        rcfile = workdir / "empty.pylintrc"  # an explicit empty rc file: no pylintrc, setup.cfg or pyproject
        rcfile.write_text("")
        # parallel workers pay off on a corpus, not on a handful of files (measured: 6.0 s -j 2 vs 7.4 s -j 1),
        # and only alone: beside other tools -j 2 fights them for the cores (10.0 s of CPU against 7.1 s)
        jobs = 1 if self.options.side_by_side > 1 else max(1, min(os.cpu_count() or 1, 4, len(files) // 20))
        cmd = [exe, f"--rcfile={rcfile}", "--output-format=json2", "--persistent=n", "--score=n",
               f"--py-version={TARGET_PYTHON}", f"--jobs={jobs}"]
        if self.profile["disable"]:
            cmd.append(f"--disable={','.join(self.profile['disable'])}")
        enable = [*self.profile["enable"], "syntax-error"]  # a file it cannot parse must not pass as clean
        # pylint applies --enable/--disable in order: the last word keeps duplicate-code off
        cmd += [f"--enable={','.join(enable)}", f"--disable={','.join(ALWAYS_DISABLED)}"]
        return [*cmd, "--", *files]

    def extra_env(self, home: Path) -> dict[str, str]:
        return {"PYLINTHOME": str(home / "pylint")}

    def parse(self, output: str, files: list[str]) -> dict[str, FileResult]:
        return parse_pylint(output, files)
