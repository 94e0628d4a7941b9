"""Shared by the Inspect AI tests: answers that give known verdicts, a mockllm model that serves them, and a
real `inspect_ai.eval` of the redpen task writing its log into a folder."""

from __future__ import annotations

import json
import subprocess
import threading
from collections import Counter
from pathlib import Path

from redpen_bench.model.corpus import Corpus
from redpen_bench.reviewers.llm.prompt import load_prompt
from tests.conftest import redpen_cmd


def oracle_answer(snippet) -> str:
    """What the oracle reviewer answers (ground truth: Average exactly 1)."""
    if not snippet.defective:
        return "DEFECT: no\nLINES: none\nEXPLANATION: the code is correct"
    explanation = "; ".join(group[0] for group in snippet.keywords)
    return f"DEFECT: yes\nLINES: {', '.join(map(str, snippet.planted_lines))}\nEXPLANATION: {explanation}"


def second_answer(snippet, index: int) -> str:
    """A worse reviewer, of every kind of answer: a wrong line, a false alarm, an unreadable answer, JSON."""
    kind = index % 4
    if kind == 0:
        return "DEFECT: yes\nLINES: 1\nEXPLANATION: something is off"
    if kind == 1:
        return "DEFECT: no\nLINES: none\nEXPLANATION: fine"
    if kind == 2:
        return "I would need more context to say."
    return json.dumps({"defect": "yes", "lines": list(snippet.planted_lines) or [2], "explanation": "wrong rate"})


class Answers:
    """Answers by prompt: the first time a prompt is asked the oracle's, the second a worse one (an epoch runs
    in any order, so which epoch gets which is Inspect's choice; both directions see the same log). A prompt in
    `fail` raises on its second ask: a sample Inspect cannot finish."""

    def __init__(self, corpus: Corpus, fail: set[str] = frozenset()):
        prompt = load_prompt(None)
        self.by_prompt = {}
        for index, snippet in enumerate(corpus.snippets):
            key = prompt.render(snippet.text)
            self.by_prompt[key] = (snippet, [oracle_answer(snippet), second_answer(snippet, index)])
        self.fail = {prompt.render(s.text) for s in corpus.snippets if f"{s.item_id}/{s.name}" in fail}
        self.asked: Counter[str] = Counter()
        self._lock = threading.Lock()

    def answer(self, prompt: str) -> str:
        with self._lock:
            self.asked[prompt] += 1
            count = self.asked[prompt]
        if prompt in self.fail and count == 2:
            raise RuntimeError("scripted model failure")
        _, answers = self.by_prompt[prompt]
        return answers[min(count, len(answers)) - 1]


def mock_model(answers: Answers, name: str = "model"):
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    def output(messages, tools, tool_choice, config):
        prompt = messages[-1].text
        text = answers.answer(prompt)
        out = ModelOutput.from_content(model=f"mockllm/{name}", content=text)
        # known usage (and no tokenizer download): input 1 token per 4 characters, output per 2
        out.usage = ModelUsage(input_tokens=len(prompt) // 4, output_tokens=len(text) // 2,
                               total_tokens=len(prompt) // 4 + len(text) // 2)
        return out

    return get_model(f"mockllm/{name}", custom_outputs=output)


def run_task(corpus_dir: Path, log_dir: Path, model, epochs: int = 1, **options):
    """One eval of the task on a corpus folder; its log, read back whole."""
    from inspect_ai import eval as inspect_eval

    from redpen_bench.inspect_task import redpen

    (log,) = inspect_eval(redpen(corpus=str(corpus_dir)), model=model, log_dir=str(log_dir), epochs=epochs,
                          display="none", **options)
    return log


def task_metrics(log) -> dict[str, float]:
    (scores,) = log.results.scores
    return {name: m.value for name, m in scores.metrics.items()}


def score_json(run_dir: Path, corpus_dir: Path) -> dict:
    proc = subprocess.run([*redpen_cmd(), "score", str(run_dir), "--corpus", str(corpus_dir), "--format", "json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["reviewers"]


def import_log(path: Path, corpus_dir: Path, run_dir: Path, spec: str = "inspect:{}") -> subprocess.CompletedProcess:
    return subprocess.run([*redpen_cmd(), "run", "-r", spec.format(path), "--corpus", str(corpus_dir),
                           "--out", str(run_dir)], capture_output=True, text=True, timeout=300)


def expected_metrics(entry: dict) -> dict[str, float]:
    """What the task's metrics must be, read off `redpen-bench score --format json`: the Average, each tier's
    score, and detection / line F1 / keyword recall / FPR as means over the tiers."""
    tiers = list(entry["tiers"].values())
    out = {"average": entry["average"]}
    for name in ("detection", "line_f1", "keyword_recall", "fpr"):
        out[name] = sum(t[name] for t in tiers) / len(tiers)
    return out | {f"score_{tier}": t["score"] for tier, t in entry["tiers"].items()}
