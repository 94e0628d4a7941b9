"""pylint as a reviewer: `pylint --output-format=json2` once over all files, with an empty rc file.

Profile keys: `enable` and `disable` (message ids, symbols or categories C R W E F I; `all`), applied as
`--disable` then `--enable`. duplicate-code (R0801) compares files with one another, which across unrelated
snippets means nothing, so it is always off. Columns in json2 are 0-based; `endLine` is null for some messages.
pylint's exit status is a bitmask of the message categories it emitted; only 32 (usage error) is a failure.

Profiles share one run (run/tool_runs.py): pylint itself resolves each profile's enable/disable lists to
the messages it enables (`--list-msgs-enabled`, a start-up of pylint without a scan), the shared run enables
the union message by message, and each profile keeps the messages it enables. Both keys are rule selection, so
every pylint profile can share.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from redpen_bench.reviewers.tools.findings import FileResult, Finding, end_line, file_results
from redpen_bench.reviewers.tools.known_rules import stored_answer
from redpen_bench.reviewers.tools.profiles import Setting
from redpen_bench.reviewers.tools.rule_filter import RuleFilter
from redpen_bench.reviewers.tools.static import TARGET_PYTHON, StaticReviewer, ToolError
from redpen_bench.reviewers.tools.tool import ToolDescription

# json2 message types, lowest first; "fatal" never reaches a finding (the adapter makes it an error row)
TOOL = ToolDescription("pylint", env_prefixes=("PYLINT",), all_rules={"enable": ["all"], "disable": []},
                       levels=("info", "convention", "refactor", "warning", "error"),
                       rule_fields=("enable", "disable"))
CATEGORIES = ("C", "R", "W", "E", "F", "I")

# messages that mean "could not read this file", not "found something in it"
_UNREADABLE = ("syntax-error", "parse-error", "astroid-error", "fatal")
ALWAYS_DISABLED = ("duplicate-code",)


def parse_pylint(output: str, files: list[str]) -> dict[str, FileResult]:
    return file_results(files, _said(json.loads(output)["messages"]), "pylint")


def _said(messages: list[dict]) -> Iterator[tuple[str, Finding | str]]:
    for message in messages:
        start = message["line"] or 1
        if message["symbol"] in _UNREADABLE or message["type"] == "fatal":
            yield message["path"], (f"pylint cannot parse the file: line {start}: "
                                    f"{message['symbol']}: {message['message']}")
            continue
        yield message["path"], Finding(
            line=start, end_line=end_line(start, message.get("endLine"), message.get("endColumn"), first_col=0),
            rule=message["symbol"], message=message["message"], severity=message["type"],
        )


_LISTED = re.compile(r"^\s+([a-z0-9-]+) \(([A-Z][0-9]+)\)$", re.MULTILINE)  # `  symbol (C0114)`


def enabled_messages(listing: str) -> frozenset[str]:
    """The symbols under "Enabled messages:" in `pylint --list-msgs-enabled` output (`  symbol (C0114)`)."""
    section = re.search(r"^Enabled messages:\n(.*?)(?:^\S|\Z)", listing, re.MULTILINE | re.DOTALL)
    if not section:
        raise ValueError("no 'Enabled messages:' in pylint --list-msgs-enabled output")
    return frozenset(symbol for symbol, _ in _LISTED.findall(section.group(1)))


class Pylint(StaticReviewer):
    tool = TOOL
    family = TOOL.name
    dist = "pylint"
    # measured: pylint 4.1.4 with astroid 4.4.0 instead of 4.3.4 moves pylint:bugs on the shipped corpus from 17.5 %
    # to 18.6 % and pylint:errors from 15.6 % to 16.7 %
    dist_deps = ("astroid",)
    exe_name = "pylint"
    schema = {"enable": Setting(list, default=[]), "disable": Setting(list, default=[])}
    ok_status = tuple(range(32))  # bits 1..16 are message categories; 32 is a usage error

    def profile_args(self, workdir: Path) -> list[str]:
        rcfile = workdir / "empty.pylintrc"  # an explicit empty rc file: no pylintrc, setup.cfg or pyproject
        rcfile.write_text("")
        return [f"--rcfile={rcfile}", *self.selection_args()]

    def selection_args(self) -> list[str]:
        """The profile as pylint's options, without the rc file: all a listing of its messages depends on."""
        opts = [f"--py-version={TARGET_PYTHON}"]
        if self.profile["disable"]:
            opts.append(f"--disable={','.join(self.profile['disable'])}")
        enable = [*self.profile["enable"], "syntax-error"]  # a file it cannot parse must not pass as clean
        # pylint applies --enable/--disable in order: the last word keeps duplicate-code off
        return [*opts, f"--enable={','.join(enable)}", f"--disable={','.join(ALWAYS_DISABLED)}"]

    def command(self, exe: str, files: list[str], workdir: Path) -> list[str]:
        # parallel workers pay off on a corpus, not on a handful of files (measured: 6.0 s -j 2 vs 7.4 s -j 1),
        # and beside the other tools too: pylint is the slowest of them by far (5.2 s of the raw tools' 9.7 s on
        # the shipped corpus), so its second worker takes the cores they leave; a compare went from 8.1 s to 6.8 s
        # for 1.6 s more CPU (benchmarks/README.md). The findings do not depend on it (tests/tools, -j 1 and -j 2)
        jobs = max(1, min(os.cpu_count() or 1, 4, len(files) // 20))
        return [exe, "--output-format=json2", "--persistent=n", "--score=n", f"--jobs={jobs}",
                *self.profile_args(workdir), "--", *files]

    # useless-suppression reports a disable pragma that suppressed nothing, suppressed-message one that did:
    # beside more messages, both change
    interacting_rules = frozenset({"useless-suppression", "suppressed-message"})
    pragma = b"pylint"

    def share_key(self) -> tuple:
        return ()

    derived_from_profile = ("_rule_filter", "_listing")

    def listing(self) -> str:
        """`pylint --list-msgs-enabled` under this profile, asked once (stored as known_rules are): the messages
        it enables, and under the other headings (disabled, non-emittable) every other message pylint knows."""
        if "_listing" not in self.__dict__:
            question = {"list_msgs_enabled": self.selection_args()}
            self.__dict__["_listing"] = stored_answer(self, question, lambda: self.ask_tool(
                lambda exe, workdir: [exe, *self.profile_args(workdir), "--list-msgs-enabled"]))
        return self.__dict__["_listing"]

    def prepare(self, snippets) -> None:
        # first, and side by side with the other profiles' (plan_run prepares every reviewer at once): the rule
        # check below and the shared run's filter both read it, and the shared run waits for the slowest
        with contextlib.suppress(ToolError):  # a pylint that cannot answer says why in its run's rows
            self.listing()
        super().prepare(snippets)

    def resolve_filter(self) -> RuleFilter:
        try:
            return RuleFilter(enabled_messages(self.listing()))
        except ValueError as exc:
            raise ToolError(f"pylint: cannot read which messages a profile enables: {exc}") from None

    def union_settings(self, members: Sequence[StaticReviewer]) -> dict:
        return {"disable": ["all"], "enable": sorted(frozenset().union(*(member.rules() for member in members)))}

    def extra_env(self, home: Path) -> dict[str, str]:
        return {"PYLINTHOME": str(home / "pylint")}

    def parse(self, output: str, files: list[str]) -> dict[str, FileResult]:
        return parse_pylint(output, files)

    def list_rules(self) -> frozenset[str]:
        """Every message's symbol and id, from the question the profile's filter asks anyway (`listing`): one
        start-up of pylint, not one per question. Checker names, which --enable and --disable accept too, are
        asked (`--list-groups`) only of an entry that names no message (names_known_rule)."""
        known = {name for pair in _LISTED.findall(self.listing()) for name in pair}
        if not known:
            raise ValueError("no messages in pylint --list-msgs-enabled output")
        return frozenset(known)

    def names_known_rule(self, entry: str, known: frozenset[str]) -> bool:
        if entry in known or entry in CATEGORIES or entry == "all":
            return True
        checkers = self._checkers()
        return checkers is None or entry in checkers  # None: the tool cannot say, and nothing is refused on a guess

    def _checkers(self) -> frozenset[str] | None:
        if "_checker_names" not in self.__dict__:
            try:
                listed = self.ask_tool(lambda exe, workdir: [exe, "--list-groups"])
                self.__dict__["_checker_names"] = frozenset(listed.split())
            except ToolError:
                self.__dict__["_checker_names"] = None
        return self.__dict__["_checker_names"]

    def tuned_settings(self, rules, threshold, profile_dir, name) -> dict:
        return {"disable": ["all"], "enable": list(rules)}
