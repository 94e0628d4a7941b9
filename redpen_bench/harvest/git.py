"""The repository, read with plain `git` and never written: the commits to walk, each commit's changed files,
and trees of a commit unpacked into scratch folders by `git archive` (which reads objects only: no worktree, no
index, no ref of the repository changes)."""

from __future__ import annotations

import io
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.errors import InputError

_FIELDS = "%x1d%H%x1f%P%x1f%aI%x1f%an%x1f%B%x1e"  # each commit: \x1d, fields, \x1e, then its numstat


def git(repo: Path, *args: str, binary: bool = False) -> str | bytes:
    """`git -C repo ARGS`'s stdout; InputError naming the repository and git's own message on failure."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True)
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [f"exit {done.returncode}"]
        raise InputError(f"{repo}: git {' '.join(args[:2])}: {said[0]}")
    return done.stdout if binary else done.stdout.decode("utf-8", "replace")


@dataclass(frozen=True)
class Change:
    path: str
    added: int  # lines; -1 for a binary file
    deleted: int


@dataclass(frozen=True)
class Commit:
    sha: str
    parents: tuple[str, ...]
    date: str  # the author date, ISO 8601
    author: str
    message: str
    changes: tuple[Change, ...] = ()

    @property
    def parent(self) -> str | None:
        return self.parents[0] if self.parents else None


def check_repo(repo: Path) -> Path:
    if not repo.is_dir():
        raise InputError(f"{repo}: REPO: folder not found")
    top = Path(str(git(repo, "rev-parse", "--show-toplevel")).strip())
    return top.resolve()


def head(repo: Path, rev: str = "HEAD") -> str:
    return str(git(repo, "rev-parse", "--verify", f"{rev}^{{commit}}")).strip()


def walk(repo: Path, rev: str | None = None, since: str | None = None, until: str | None = None,
         max_commits: int | None = None) -> list[Commit]:
    """The non-merge commits reachable from `rev` (default HEAD; a range A..B too), on every branch merged into
    it, not only the first-parent line: most fixes arrive through merges. Newest first, each with the files it
    changes against its own parent (its only one)."""
    args = ["log", "--no-merges", "--topo-order", "--no-renames", "--numstat", f"--format={_FIELDS}", "-z"]
    args += [f"--since={since}"] if since else []
    args += [f"--until={until}"] if until else []
    args += [f"--max-count={max_commits}"] if max_commits else []
    text = str(git(repo, *args, rev or "HEAD", "--"))
    commits = []
    for record in text.split("\x1d")[1:]:
        fields, _, numstat = record.partition("\x1e")
        sha, parents, date, author, message = fields.split("\x1f", 4)
        commits.append(_with_changes(Commit(sha, tuple(parents.split()), date, author, message.strip()), numstat))
    return commits


def _with_changes(commit: Commit, numstat: str) -> Commit:
    changes = []
    for entry in numstat.split("\x00"):
        parts = entry.strip("\n").split("\t")
        if len(parts) == 3 and parts[2]:
            added, deleted, path = parts
            changes.append(Change(path, int(added) if added != "-" else -1, int(deleted) if deleted != "-" else -1))
    return Commit(commit.sha, commit.parents, commit.date, commit.author, commit.message, tuple(changes))


def show(repo: Path, sha: str, path: str) -> str | None:
    """The file at `sha`, or None where it does not exist there."""
    done = subprocess.run(["git", "-C", str(repo), "show", f"{sha}:{path}"], capture_output=True)
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else None


def unpack(repo: Path, sha: str, into: Path) -> Path:
    """The tree of `sha` written into the folder `into` (git archive: the repository is only read)."""
    data = git(repo, "archive", "--format=tar", sha, binary=True)
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into
