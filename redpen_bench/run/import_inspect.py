"""`inspect:PATH`: import the answers of an Inspect AI eval of the `redpen` task (an `.eval` or `.json` log, or a
folder of them) into a run folder, to be scored like any other. A run step like `replay:`: it asks nobody.

Each log's rows are filed under `inspect/<model>` (named, `NAME=inspect:PATH`: under NAME, or NAME/inspect/<model>
for logs of several models). An epoch is a sample (epoch 1 = sample 0); a sample Inspect could not finish is an
error row; the answer text goes through the one parser, so the row is what a live reviewer would have stored.
Token usage becomes input_tokens (cache reads and writes included, as providers' prompt token counts are) and
output_tokens, and cost_usd where the model has a price. In a folder, logs of other tasks are passed over and
a later log's answer replaces an earlier one's. The logs are fingerprinted like a replay file.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from redpen_bench.model.corpus import Corpus
from redpen_bench.reviewers import Spec
from redpen_bench.reviewers.base import SpecError
from redpen_bench.reviewers.llm.prices import cost_usd, find_price
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.import_rows import ReplayError, ReplayRow, RowImport, read_row

TASK = "redpen"  # the task's name in redpen_bench/inspect_task.py, registered as redpen_bench/redpen
LOG_SUFFIXES = (".eval", ".json")
NOT_LOGS = {"logs.json", "listing.json"}  # the log viewer's own listings in a log folder


class InspectImport(RowImport):
    """The run step of one `inspect:` spec over one run folder (the runner drives it like a reviewer)."""

    family = "inspect"

    def __init__(self, spec: Spec, corpus: Corpus, folder: RunFolder, prices: dict | None = None):
        if not spec.arg:
            raise SpecError("reviewer 'inspect': name an Inspect log or log folder, e.g. inspect:logs/")
        self.spec, self.folder = spec, folder
        self.name = spec.key if spec.named else None
        self.path = Path(spec.arg)
        files = log_files(self.path)
        self.logs = {str(f): hashlib.sha256(f.read_bytes()).hexdigest() for f in files}
        self.rows = read_logs(files, corpus, prices, explicit=self.path.is_file())

    def info(self) -> dict[str, Any]:
        return {"path": str(self.path), "logs": self.logs}


def log_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise SpecError(f"reviewer 'inspect:{path}': {path}: no such log file or folder")
    files = sorted(p for p in path.rglob("*") if p.suffix in LOG_SUFFIXES and p.name not in NOT_LOGS and p.is_file())
    if not files:
        raise SpecError(f"reviewer 'inspect:{path}': {path}: no Inspect logs (*.eval, *.json) in the folder")
    return files


def _read_log(path: Path) -> Any:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise SpecError("reviewer 'inspect': inspect_ai is not installed (pip install 'redpen-bench[inspect]')"
                        ) from None
    try:
        return read_eval_log(str(path), resolve_attachments=True)
    except Exception as exc:  # a truncated zip, JSON of something else: one line naming the file
        raise ReplayError(f"{path}: not a readable Inspect log: {type(exc).__name__}: {exc}") from None


def read_logs(files: list[Path], corpus: Corpus, prices: dict | None, explicit: bool) -> list[ReplayRow]:
    """Every sample of every Red-Pen log, oldest log first (the runner keeps the last row per snippet)."""
    logs = []
    for path in files:
        log = _read_log(path)
        if log.eval.task.rsplit("/", 1)[-1] != TASK:
            if explicit:
                raise ReplayError(f"{path}: field 'eval.task': '{log.eval.task}' is not Red-Pen's task "
                                  f"(redpen_bench/{TASK})")
            continue
        logs.append((log.eval.created, str(path), log))
    if not logs:
        raise ReplayError(f"{files[0].parent}: no log of the task redpen_bench/{TASK} among {len(files)} logs")
    rows = []
    for _, path, log in sorted(logs, key=lambda entry: entry[:2]):
        model = log.eval.model
        price = find_price(model, prices)  # "openai/gpt-4o" is priced as gpt-4o
        for number, sample in enumerate(log.samples or [], 1):
            data = sample_row(sample, model, price)
            rows.append(read_row(data, Path(path), number, corpus, where=f"{path}: sample {sample.id} "
                                                                         f"(epoch {sample.epoch})"))
    return rows


def sample_row(sample: Any, model: str, price: dict | None) -> dict:
    """One Inspect sample as a verdict row (corpus/FORMAT.md), before the shared row checks."""
    meta = sample.metadata or {}
    item, _, variant = str(sample.id).rpartition("/")
    usage = (sample.model_usage or {}).get(model)
    input_tokens = output_tokens = None
    if usage is not None:
        input_tokens = usage.input_tokens + (usage.input_tokens_cache_read or 0) + (usage.input_tokens_cache_write
                                                                                    or 0)
        output_tokens = usage.output_tokens
    error = sample.error.message if sample.error is not None else None
    return {
        "reviewer": f"inspect/{model}", "item": meta.get("item", item), "variant": meta.get("variant", variant),
        "sample": sample.epoch - 1, "raw": sample.output.completion if sample.output else "",
        "error": f"inspect: {error}" if error is not None else None, "snippet": meta.get("snippet"),
        "input_tokens": input_tokens, "output_tokens": output_tokens,
        "cost_usd": cost_usd(price, input_tokens, output_tokens), "latency_s": sample.total_time,
    }
