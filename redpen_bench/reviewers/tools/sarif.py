"""`sarif:PATH`: grade any tool that writes SARIF 2.1.0 (CodeQL, Pyright through a converter, a commercial
tool's export) without running it: its results are mapped onto the corpus files by path and read through the
same findings -> verdict mapping as the analyzers this project runs itself.

A result belongs to a scored snippet when its location, once resolved against `originalUriBaseIds` and
normalised (file URIs, percent-encoding, backslashes, `..`), ends in `items/<id>/<variant>.py`. A snippet the
log does not mention is answered "no" (the tool ran over it and found nothing) — which is only true when the
log covers the corpus at all, so a log none of whose locations maps onto a corpus file is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from redpen_bench.model.corpus import Variant
from redpen_bench.reviewers.base import Emit, Reviewer, SpecError, Task
from redpen_bench.reviewers.tools.findings import verdict_from_findings
from redpen_bench.reviewers.tools.sarif_log import SarifError, SarifLog, check_kinds


class SarifReviewer(Reviewer):
    family = "sarif"

    def __init__(self, arg: str | None, options):
        super().__init__(arg, options)
        if not arg:
            raise SpecError("reviewer 'sarif': name the log: sarif:PATH (a SARIF 2.1.0 file)")
        self.path = Path(arg)
        if not self.path.is_file():
            raise SpecError(f"reviewer 'sarif:{arg}': {self.path}: no such file")
        self.kinds = check_kinds(options.sarif_kinds)
        self.log: SarifLog | None = None

    def prepare(self, snippets: Sequence[Variant]) -> None:
        self.log = self._read(snippets)

    def _read(self, snippets: Iterable[Variant]) -> SarifLog:
        log = SarifLog(self.path, {v.rel_path: v for v in snippets}, self.kinds)
        if not log.covered:
            seen = sorted(set(log.uris))
            shown = ", ".join(seen[:3]) + (f" (+{len(seen) - 3} more)" if len(seen) > 3 else "")
            raise SarifError(
                f"{self.path}: no location in the log maps onto a corpus file items/<id>/<variant>.py "
                f"({'locations read: ' + shown if seen else 'it names no file'}); run the tool over the corpus "
                "folder so that its paths end in items/<id>/<variant>.py"
            )
        return log

    def info(self) -> dict[str, Any]:
        if self.log is None:
            return {"path": str(self.path), "kinds": list(self.kinds)}
        return {
            "path": str(self.path),
            "kinds": list(self.kinds),  # in the fingerprint: counting other kinds asks every snippet again
            "sha256": self.log.sha256,
            "runs": self.log.tools,
            "results": dict(sorted(self.log.counts.items())),
            "corpus_files_in_log": len(self.log.covered),
        }

    def review(self, tasks: Sequence[Task], emit: Emit) -> None:
        log = self.log or self._read([t.snippet for t in tasks])  # not prepared: used outside the runner
        for task in tasks:
            findings = sorted(log.findings.get(task.snippet.rel_path, ()))
            emit(task, verdict_from_findings(findings), findings=[f.to_dict() for f in findings])
