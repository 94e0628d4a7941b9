"""The run folders one command scores or reports on, read once: the one reader the scorer, rules, report, API
and CLI use.

It checks that every folder was made for the corpus given (by the hash in its manifest) and hands over each
folder's rows, the last row per (reviewer, item, variant, sample) winning (RunFolder.rows). A reviewer's name
is one reviewer: a name with rows in two folders (`x` = oracle in A, `x` = always-yes in B) is refused, naming
both folders, never merged into one reviewer that no run made (corpus/FORMAT.md, "Run folders").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.reviewers import families
from redpen_bench.run.folder import RunFolder


@dataclass
class RunSet:
    folders: list[RunFolder]
    manifests: list[dict]
    rows: list[VerdictRow]  # every folder's last row per key, folder by folder

    def reviewers(self) -> dict[str, dict]:
        """Each reviewer name's manifest entry (a replay file's reviewers under their own names)."""
        merged: dict[str, dict] = {}
        for manifest in self.manifests:
            for key, entry in manifest.get("reviewers", {}).items():
                for alias in entry.get("rows_as") or [key]:
                    merged[alias] = entry
        return merged


def open_folders(run_dirs: Sequence[str | Path | RunFolder], command: str) -> list[RunFolder]:
    """The folders, each once (a folder named twice is read once)."""
    if not run_dirs:
        raise InputError(f"{command}: name at least one run folder")
    folders: dict[Path, RunFolder] = {}
    for path in run_dirs:
        folder = path if isinstance(path, RunFolder) else RunFolder(path)
        folders.setdefault(folder.path.resolve(), folder)
    return list(folders.values())


def check_corpus(folders: Sequence[RunFolder], manifests: Sequence[dict], corpus: Corpus, command: str) -> None:
    """Every folder was made for `corpus`; folders of several corpora are named together."""
    hashes = {m["corpus"]["hash"] for m in manifests}
    if len(hashes) > 1:
        raise InputError(
            f"{command}: run folders of different corpora: "
            + ", ".join(f"{f.path} ({str(m['corpus']['hash'])[:12]})" for f, m in zip(folders, manifests)))
    for folder, manifest in zip(folders, manifests):
        folder.check_made_for(corpus, manifest, reading=True)


def check_built_in_names(folder: RunFolder, manifest: dict, rows: list[VerdictRow]) -> None:
    """Rows filed under a built-in reviewer's name (`always-no`, `ruff:bugs`) were made by that reviewer: the
    manifest records the run of that name with that family. Rows added by hand, or by a replay file before such
    names were refused there, would otherwise be scored and gated against as the baseline itself."""
    built_in = families()
    for name in dict.fromkeys(row.reviewer for row in rows):
        family = name.partition(":")[0]
        if family in built_in and manifest["reviewers"].get(name, {}).get("family") != family:
            made_by = next((f"{entry.get('spec') or key}" for key, entry in manifest["reviewers"].items()
                            if name in (entry.get("rows_as") or ())), None)
            raise InputError(
                f"{folder.verdicts_path}: field 'reviewer': rows named '{name}', the built-in reviewer's name, that "
                f"{folder.manifest_path.name} does not record as a run of {family}"
                + (f" (they came from {made_by})" if made_by else "") + "; they are not scored as it")


def read_run_set(run_dirs: Sequence[str | Path | RunFolder], corpus: Corpus, command: str = "score") -> RunSet:
    """The rows of run folders made for `corpus`, checked as the module says."""
    folders = open_folders(run_dirs, command)
    manifests = [folder.read_manifest() for folder in folders]
    check_corpus(folders, manifests, corpus, command)
    rows: list[VerdictRow] = []
    owner: dict[str, RunFolder] = {}
    for folder, manifest in zip(folders, manifests):
        mine = folder.rows(corpus=corpus)  # rows answering no snippet of it are named and left out
        check_built_in_names(folder, manifest, mine)
        for name in dict.fromkeys(row.reviewer for row in mine):
            if name in owner:
                raise InputError(
                    f"reviewer '{name}' has rows in two run folders, {owner[name].path} and {folder.path}: one name "
                    f"is one reviewer, whose rows come from one run folder; {command} the folders apart, or run one "
                    "of them under another name (-r NAME=SPEC)")
            owner[name] = folder
        rows += mine
    return RunSet(folders, manifests, rows)
