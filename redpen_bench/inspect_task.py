"""Red-Pen as an Inspect AI task: `inspect eval redpen_bench/redpen --model PROVIDER/MODEL [-T corpus=PATH]`.

The `inspect_ai` entry point (pyproject.toml) registers this module, so any Inspect model provider can take
the benchmark. Nothing here is a second implementation: the prompt is the LLM reviewers' own (reviewers/llm
Prompt.render), each answer is read by the one parser (model/verdict.parse_answer), and the metrics are the
scorer's (scoring/scorer.score_rows) on verdict rows built from the answers, so they equal `redpen-bench score`
on the same answers to the bit. The log goes back into a run folder with `redpen-bench run -r inspect:LOG`.

One Sample per scored file (id `item/variant`); an Inspect epoch is a Red-Pen sample (epoch 1 = sample 0).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Metric, SampleScore, Score, Target, metric, scorer
from inspect_ai.solver import TaskState, generate, system_message

from redpen_bench.model.corpus import Corpus, load_corpus
from redpen_bench.model.rows import SNIPPET_HASH_CHARS, VerdictRow
from redpen_bench.model.verdict import Verdict, parse_answer
from redpen_bench.reviewers.llm.prompt import load_prompt
from redpen_bench.scoring.metrics import NAMES
from redpen_bench.scoring.scorer import score_rows

TASK_NAME = "redpen"
METRIC_NAMES = ("average", *NAMES)  # the Average, then each measure as scoring/metrics.py declares them


@lru_cache(maxsize=4)
def _corpus(path: str | None) -> Corpus:
    return load_corpus(path)


def samples(corpus: Corpus, prompt: str | None = None) -> list[Sample]:
    """One Sample per scored file, its input the prompt the LLM reviewers send for it."""
    template = load_prompt(Path(prompt) if prompt else None)
    return [
        Sample(id=f"{v.item_id}/{v.name}", input=template.render(v.text), target="yes" if v.defective else "no",
               metadata={"item": v.item_id, "variant": v.name, "tier": item.tier,
                         "snippet": v.sha256[:SNIPPET_HASH_CHARS]})
        for item in corpus.items for v in item.variants.values()
    ]


def verdict_rows(scores: list[SampleScore], reviewer: str = "inspect") -> list[VerdictRow]:
    """The verdict rows of scored samples, as a run folder would store them (an epoch is a sample)."""
    rows = []
    for sample_score in scores:
        meta = sample_score.score.metadata or {}
        verdict = Verdict(meta.get("defect"), list(meta.get("lines") or []), meta.get("explanation") or "",
                          meta.get("raw") or "", lenient=bool(meta.get("lenient")))
        rows.append(VerdictRow.of(reviewer, meta["item"], meta["variant"], verdict, meta.get("sample", 0)))
    return rows


def table_metrics(rows: list[VerdictRow], corpus: Corpus) -> dict[str, float]:
    """Average, and each measure (metrics.MEASURES) as its mean over the tiers (as the report shows them), and
    each tier's score: all read off the one scored table."""
    table = score_rows(rows, corpus)
    if table.summary.empty:
        return {}
    (reviewer,) = table.reviewers
    (entry,) = table.to_json()["reviewers"].values()
    means = table.tier_means(reviewer)
    out = {"average": entry["average"]} | {name: means[name] for name in NAMES}
    out |= {f"score_{tier}": t["score"] for tier, t in entry["tiers"].items()}
    return {k: v for k, v in out.items() if v is not None and not math.isnan(v)}  # NaN: no tier has it


@metric(scores="unreduced")  # every epoch's answer: Red-Pen averages samples itself, after scoring each
def redpen_metrics(corpus: str | None = None) -> Metric:
    def compute(scores: list[SampleScore]) -> Any:
        return table_metrics(verdict_rows(scores), _corpus(corpus))

    return compute


@scorer(metrics=[])  # the metrics are the task's (they need its corpus)
def redpen_scorer() -> Any:
    async def score(state: TaskState, target: Target) -> Score:
        raw = state.output.completion
        verdict = parse_answer(raw)
        said = None if verdict.defect is None else ("yes" if verdict.defect else "no")
        meta = state.metadata or {}
        return Score(
            value=1.0 if said == target.text else 0.0,  # the yes/no was right; the benchmark's score is the metric
            answer=said or "unparsed",
            explanation=verdict.explanation,
            metadata={"item": meta.get("item"), "variant": meta.get("variant"), "sample": state.epoch - 1,
                      "defect": verdict.defect, "lines": verdict.lines, "explanation": verdict.explanation,
                      "raw": raw, "lenient": verdict.lenient},
        )

    return score


@task(name=TASK_NAME)
def redpen(corpus: str | None = None, prompt: str | None = None, system: str | None = None) -> Task:
    """Red-Pen: can the model find a planted defect, name its lines and say why, without crying wolf?

    corpus: a corpus folder (default: the shipped corpus); prompt: a prompt template with {code} (default:
    review-v1); system: a file with a system prompt. `--epochs N` asks each file N times (Red-Pen's --samples)."""
    loaded = _corpus(corpus)
    solver = [generate()]
    if system:
        solver.insert(0, system_message(Path(system).read_text(encoding="utf-8")))
    return Task(
        dataset=samples(loaded, prompt),
        solver=solver,
        scorer=redpen_scorer(),
        metrics=[redpen_metrics(corpus)],
        config=GenerateConfig(temperature=0.0),  # Red-Pen's LLM reviewers' default; --temperature overrides it
        metadata={"redpen_corpus": loaded.summary()},
    )
