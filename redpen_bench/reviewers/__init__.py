"""The one registry of reviewer families: one `Family` record per family, built in here or registered by another
package through the `redpen_bench.reviewers` entry-point group. Everything that asks "which families are
baselines, analyzers, LLMs" (the report, tune, compare, the docs tables) reads it.

A family's factory is named as "module:attribute" and imported only when that family is used, so a missing
optional SDK disables that adapter alone; a plugin that cannot be loaded disables itself with one line on
stderr, never the tool. A plugin's entry point names a `Family` record, e.g. in its pyproject.toml:

    [project.entry-points."redpen_bench.reviewers"]
    mytool = "mytool_redpen:FAMILY"     # FAMILY = Family("mytool", "analyzer", "mytool_redpen.tool:MyTool", ...)
"""

from __future__ import annotations

import importlib
import re
import sys
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Literal

from redpen_bench.reviewers.base import Reviewer, ReviewOptions, SpecError

ENTRY_POINT_GROUP = "redpen_bench.reviewers"
Kind = Literal["baseline", "analyzer", "llm", "import", "combination"]
KINDS: tuple[str, ...] = ("baseline", "analyzer", "llm", "import", "combination")
# kinds whose factory is a Reviewer class, called as (arg, options); the others are run steps that read stored
# rows, whose factory the run layer calls as (spec, run context) (run/steps.py)
REVIEWER_KINDS = ("baseline", "analyzer", "llm")


@dataclass(frozen=True)
class Family:
    name: str
    kind: Kind
    factory: str  # "module:attribute": a Reviewer class, or for import and combination a run step's factory
    usage: str  # the spec as typed, e.g. "ruff[:PROFILE]"
    description: str
    origin: str = "redpen-bench"  # the distribution that registered it

    def load(self) -> Any:
        module_name, _, attribute = self.factory.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            hint = " (pip install 'redpen-bench[llm]' for LLM reviewers)" if self.kind == "llm" else ""
            raise SpecError(f"reviewer family '{self.name}' is unavailable: {exc.name or exc} is not "
                            f"installed{hint}") from None
        except Exception as exc:
            if self.origin == "redpen-bench":  # a bug of ours keeps its traceback
                raise
            raise SpecError(f"reviewer family '{self.name}' (from {self.origin}) cannot be loaded: "
                            f"{type(exc).__name__}: {exc}") from None
        try:
            return getattr(module, attribute)
        except AttributeError:
            raise SpecError(f"reviewer family '{self.name}': {self.factory} names nothing "
                            f"(registered by {self.origin})") from None

    @property
    def counts_as_llm(self) -> bool:
        """The report's LLM side: models, and rows recorded elsewhere (replay, Inspect), usually a model's."""
        return self.kind in ("llm", "import")


_BUILT_IN = [
    Family("always-no", "baseline", "redpen_bench.reviewers.baselines:AlwaysNo", "always-no",
           "Says no to every snippet: the score of doing nothing (1/6 on a balanced corpus)."),
    Family("always-yes", "baseline", "redpen_bench.reviewers.baselines:AlwaysYes", "always-yes",
           "Says yes to every snippet and names no line: crying wolf (-1/2)."),
    Family("random", "baseline", "redpen_bench.reviewers.baselines:RandomGuess", "random[:P]",
           "Says yes with probability P (default 0.5), seeded by --seed."),
    Family("oracle", "baseline", "redpen_bench.reviewers.baselines:Oracle", "oracle",
           "Answers from the ground truth: the scorer's self-test (exactly 1)."),
    Family("ruff", "analyzer", "redpen_bench.reviewers.tools.ruff:Ruff", "ruff[:PROFILE]",
           "ruff once over all files; profiles in analyzers/ruff/ (default, bugs)."),
    Family("pylint", "analyzer", "redpen_bench.reviewers.tools.pylint:Pylint", "pylint[:PROFILE]",
           "pylint once over all files; profiles in analyzers/pylint/ (default, bugs, errors)."),
    Family("bandit", "analyzer", "redpen_bench.reviewers.tools.bandit:Bandit", "bandit[:PROFILE]",
           "bandit once over all files; profiles in analyzers/bandit/ (default, bugs)."),
    Family("semgrep", "analyzer", "redpen_bench.reviewers.tools.semgrep:Semgrep", "semgrep[:PROFILE]",
           "semgrep offline with the shipped rule pack; profiles in analyzers/semgrep/ (default, bugs)."),
    Family("sarif", "analyzer", "redpen_bench.reviewers.tools.sarif:SarifReviewer", "sarif:PATH",
           "Reads a SARIF 2.1.0 log of any tool (CodeQL, Pyright, ...) run over the corpus folder."),
    Family("openai", "llm", "redpen_bench.reviewers.llm.openai_chat:OpenAIChat", "openai:MODEL",
           "An LLM through the OpenAI SDK; --base-url for any OpenAI-compatible server (vLLM, Ollama)."),
    Family("anthropic", "llm", "redpen_bench.reviewers.llm.anthropic_messages:AnthropicMessages", "anthropic:MODEL",
           "An LLM through the Anthropic SDK (Messages API); key from ANTHROPIC_API_KEY."),
    # run steps: named by string like any plugin's factory, so this layer never imports the run layer
    Family("replay", "import", "redpen_bench.run.steps:replay", "replay:FILE.jsonl",
           "Scores recorded verdict rows (corpus/FORMAT.md) made elsewhere; keeps their reviewer names."),
    Family("inspect", "import", "redpen_bench.run.steps:inspect", "inspect:LOG",
           "Scores an Inspect AI eval of the redpen task (.eval/.json log or folder), as inspect/MODEL."),
    Family("ensemble", "combination", "redpen_bench.run.combine:Ensemble", "ensemble:SPEC+SPEC[+...]",
           "Union of other reviewers' verdicts (yes when any says yes); runs missing components."),
    Family("ensemble-vote", "combination", "redpen_bench.run.combine:Ensemble", "ensemble-vote:SPEC+SPEC[+...]",
           "Majority vote of other reviewers' verdicts (ties are no); runs missing components."),
]
REGISTRY: dict[str, Family] = {family.name: family for family in _BUILT_IN}  # the built-in families
BASELINES: tuple[str, ...] = tuple(f.name for f in _BUILT_IN if f.kind == "baseline")


@cache
def plugins() -> dict[str, Family]:
    """The families other packages register (entry-point group `redpen_bench.reviewers`), read once. A plugin
    that cannot be loaded, or that is no Family, says why on stderr and is left out."""
    from importlib.metadata import entry_points

    found: dict[str, Family] = {}
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        origin = point.dist.name if point.dist is not None else point.value
        try:
            family = point.load()
            problem = _plugin_problem(point.name, family)
        except Exception as exc:  # any error of someone else's code disables that plugin only
            family, problem = None, f"{type(exc).__name__}: {exc}"
        if problem is None and (family.name in REGISTRY or family.name in found):
            problem = f"the family name '{point.name}' is taken"
        if problem:
            print(f"redpen-bench: warning: reviewer plugin '{point.name}' ({origin}) disabled: {problem}",
                  file=sys.stderr)
            continue
        found[family.name] = replace(family, origin=origin)
    return found


def _plugin_problem(name: str, family: Any) -> str | None:
    if not isinstance(family, Family):
        return f"{type(family).__name__} is not a redpen_bench.reviewers.Family"
    if family.name != name:
        return f"the entry point is named '{name}' but its Family '{family.name}'"
    if family.kind not in KINDS:
        return f"kind '{family.kind}' is not one of {', '.join(KINDS)}"
    if ":" not in family.factory:
        return f"factory '{family.factory}' is not 'module:attribute'"
    return None


def families() -> dict[str, Family]:
    """Every family: the built-in ones, then the plugins'."""
    return {**REGISTRY, **plugins()}


def family_of(name: str) -> Family | None:
    """A family by name, built in or a plugin's; None when nothing registers it (a plugin since uninstalled)."""
    return REGISTRY.get(name) or plugins().get(name)


def names_of_kind(*kinds: str) -> tuple[str, ...]:
    return tuple(name for name, family in families().items() if family.kind in kinds)


def families_text(markdown: bool = False) -> str:
    """Every family's usage and one-line description: aligned text, or the README's Markdown table."""
    entries = families().values()
    if markdown:
        return "| spec | what it is |\n|---|---|\n" + "".join(f"| `{f.usage}` | {f.description} |\n" for f in entries)
    width = max(len(f.usage) for f in entries)
    return "".join(f"{f.usage.ljust(width)}  {f.description}\n" for f in entries)


@dataclass(frozen=True)
class Spec:
    key: str  # the reviewer's name in every output: its given name, else the spec as typed
    family: str
    arg: str | None
    text: str  # the spec without the name
    # ReviewOptions fields this reviewer sets for itself (a redpen.toml [reviewers.NAME] table)
    options: dict = field(default_factory=dict, compare=False)

    @property
    def named(self) -> bool:
        return self.key != self.text

    @property
    def kind(self) -> str:
        family = family_of(self.family)
        return family.kind if family else ""

    def shown(self) -> str:
        return f"{self.key}={self.text}" if self.named else self.text


_NAME = re.compile(r"^([A-Za-z0-9_.\-]+)=(.+)$")


def parse_spec(text: str) -> Spec:
    """`[name=]family[:arg]`; a name is only taken from before the first ':' (paths may hold '=')."""
    text = text.strip()
    name = None
    match = _NAME.match(text)
    if match and ":" not in match.group(1):
        name, text = match.group(1), match.group(2).strip()
        check_name(name, f"reviewer '{name}={text}'")
    family, _, arg = text.partition(":")
    if family_of(family) is None:
        known = ", ".join(sorted(families()))
        raise SpecError(f"reviewer '{text}': unknown family '{family}'; known: {known}")
    return Spec(key=name or text, family=family, arg=arg or None, text=text)


def check_name(name: str, where: str) -> None:
    """A reviewer's own name is never a family's or baseline's: rows filed as "oracle" must be the oracle's
    (the one rule for -r NAME=SPEC and redpen.toml's [reviewers.NAME])."""
    if family_of(name) is not None:
        raise SpecError(f"{where}: the name '{name}' is the built-in reviewer '{name}'; "
                        f"name yours apart (e.g. 'my-{name}')")


def split_specs(values: list[str] | tuple[str, ...], option: str = "--reviewer") -> list[str]:
    """--reviewer a,b --reviewer c -> [a, b, c]; a value that names nothing ("", ",,") is an error."""
    out = []
    for value in values:
        parts = [part.strip() for part in value.split(",") if part.strip()]
        if not parts:
            raise SpecError(f"{option} '{value}': names no reviewer")
        out += parts
    return out


def unique_specs(specs: list[Spec]) -> list[Spec]:
    """The one rule for a reviewer asked for twice (compare's baselines beside the user's, `-r a,a`): the same
    spec runs once; two different reviewers under one name are an error, never one of them dropped."""
    kept: dict[str, Spec] = {}
    for spec in specs:
        other = kept.setdefault(spec.key, spec)
        if other != spec or other.options != spec.options:
            raise SpecError(f"--reviewer: '{other.shown()}' and '{spec.shown()}' are both named '{spec.key}' "
                            "(one name named twice); name them apart with NAME=SPEC")
    return list(kept.values())


def load_family(family: str) -> type[Reviewer]:
    """The Reviewer class of a baseline, analyzer or LLM family."""
    record = family_of(family)
    if record is None:
        raise SpecError(f"unknown reviewer family '{family}'")
    if record.kind not in REVIEWER_KINDS:
        raise SpecError(f"'{family}' is a step of a run (it reads stored rows), not a reviewer: give it to a run")
    return record.load()


def make_reviewer(spec: Spec, options: ReviewOptions) -> Reviewer:
    reviewer = load_family(spec.family)(spec.arg, replace(options, **spec.options) if spec.options else options)
    reviewer.name = spec.key if spec.named else None
    return reviewer
