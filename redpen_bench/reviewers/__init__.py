"""The one registry of reviewer families: adding a tool is one module and one line here.

Modules are imported only when their reviewer is used, so a missing optional SDK disables that adapter alone.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field, replace

from redpen_bench.reviewers.base import Reviewer, ReviewOptions, SpecError


@dataclass(frozen=True)
class Family:
    target: str  # "module:Class" of a reviewer; "" for a run step, which the runner itself carries out
    usage: str  # the spec as typed, e.g. "ruff[:PROFILE]"
    description: str


REGISTRY: dict[str, Family] = {
    "always-no": Family("redpen_bench.reviewers.baselines:AlwaysNo", "always-no",
                        "Says no to every snippet: the score of doing nothing (1/6 on a balanced corpus)."),
    "always-yes": Family("redpen_bench.reviewers.baselines:AlwaysYes", "always-yes",
                         "Says yes to every snippet and names no line: crying wolf (-1/2)."),
    "random": Family("redpen_bench.reviewers.baselines:RandomGuess", "random[:P]",
                     "Says yes with probability P (default 0.5), seeded by --seed."),
    "oracle": Family("redpen_bench.reviewers.baselines:Oracle", "oracle",
                     "Answers from the ground truth: the scorer's self-test (exactly 1)."),
    "ruff": Family("redpen_bench.reviewers.tools.ruff:Ruff", "ruff[:PROFILE]",
                   "ruff once over all files; profiles in analyzers/ruff/ (default, bugs)."),
    "pylint": Family("redpen_bench.reviewers.tools.pylint:Pylint", "pylint[:PROFILE]",
                     "pylint once over all files; profiles in analyzers/pylint/ (default, bugs, errors)."),
    "bandit": Family("redpen_bench.reviewers.tools.bandit:Bandit", "bandit[:PROFILE]",
                     "bandit once over all files; profiles in analyzers/bandit/ (default, bugs)."),
    "semgrep": Family("redpen_bench.reviewers.tools.semgrep:Semgrep", "semgrep[:PROFILE]",
                      "semgrep offline with the shipped rule pack; profiles in analyzers/semgrep/ (default, bugs)."),
    "sarif": Family("redpen_bench.reviewers.tools.sarif:SarifReviewer", "sarif:PATH",
                    "Reads a SARIF 2.1.0 log of any tool (CodeQL, Pyright, ...) run over the corpus folder."),
    "openai": Family("redpen_bench.reviewers.llm.openai_chat:OpenAIChat", "openai:MODEL",
                     "An LLM through the OpenAI SDK; --base-url for any OpenAI-compatible server (vLLM, Ollama)."),
    "anthropic": Family("redpen_bench.reviewers.llm.anthropic_messages:AnthropicMessages", "anthropic:MODEL",
                        "An LLM through the Anthropic SDK (Messages API); key from ANTHROPIC_API_KEY."),
    "replay": Family("", "replay:FILE.jsonl",
                     "Scores recorded verdict rows (corpus/FORMAT.md) made elsewhere; keeps their reviewer names."),
    "inspect": Family("", "inspect:LOG",
                      "Scores an Inspect AI eval of the redpen task (.eval/.json log or folder), as inspect/MODEL."),
    "ensemble": Family("", "ensemble:SPEC+SPEC[+...]",
                       "Union of other reviewers' verdicts (yes when any says yes); runs missing components."),
    "ensemble-vote": Family("", "ensemble-vote:SPEC+SPEC[+...]",
                            "Majority vote of other reviewers' verdicts (ties are no); runs missing components."),
}


def families() -> dict[str, Family]:
    return dict(REGISTRY)


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
    if family not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise SpecError(f"reviewer '{text}': unknown family '{family}'; known: {known}")
    return Spec(key=name or text, family=family, arg=arg or None, text=text)


def check_name(name: str, where: str) -> None:
    """A reviewer's own name is never a built-in family's or baseline's: rows filed as "oracle" must be the
    oracle's (the one rule for -r NAME=SPEC and redpen.toml's [reviewers.NAME])."""
    if name in REGISTRY:
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


def load_family(family: str) -> type[Reviewer]:
    if not REGISTRY[family].target:
        raise SpecError(f"'{family}' is a step of a run (it reads stored rows), not a reviewer: give it to a run")
    module_name, _, class_name = REGISTRY[family].target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise SpecError(
            f"reviewer family '{family}' is unavailable: {exc.name or exc} is not installed "
            f"(pip install 'redpen-bench[llm]' for LLM reviewers)"
        ) from None
    return getattr(module, class_name)


def make_reviewer(spec: Spec, options: ReviewOptions) -> Reviewer:
    reviewer = load_family(spec.family)(spec.arg, replace(options, **spec.options) if spec.options else options)
    reviewer.name = spec.key if spec.named else None
    return reviewer
