"""A review prompt: the template a snippet is put into, with line numbers as Python numbers them, and the
files it and a system prompt are read from (--prompt, --system)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.model.lines import split_lines

DEFAULT_PROMPT = "review-v1.txt"


class PromptError(InputError):
    pass


@dataclass(frozen=True)
class Prompt:
    """A review prompt template: `{code}` is replaced by the snippet with line numbers."""

    name: str
    text: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()

    def render(self, code: str) -> str:
        lines = split_lines(code)  # as Python numbers them: the numbers analyzers and the corpus use
        width = len(str(len(lines)))
        numbered = "\n".join(f"{n:>{width}} | {line}" for n, line in enumerate(lines, 1))
        return self.text.replace("{code}", numbered)


def load_prompt(path: Path | None) -> Prompt:
    if path is None:
        text = resources.files("redpen_bench").joinpath("prompts", DEFAULT_PROMPT).read_text(encoding="utf-8")
        return Prompt(DEFAULT_PROMPT.removesuffix(".txt"), text)
    text = read_prompt_file(Path(path), "prompt")
    if "{code}" not in text:
        raise PromptError(f"{path}: prompt template has no {{code}} placeholder for the snippet")
    return Prompt(Path(path).stem, text)


def read_prompt_file(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PromptError(f"{path}: cannot read the {what} file: {exc}") from None
