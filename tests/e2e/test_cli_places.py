"""Output places that cannot be written: a file in the path, a folder without write permission, a read-only
file system, a full disk. run, compare and report each say so in one line (exit 2; 1 for a full disk), leave
nothing half-written and keep what was stored before."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def cli(*args, prefix=()):
    return subprocess.run([*prefix, *redpen_cmd(), *map(str, args)], capture_output=True, text=True)


def one_error(proc, code: int, words: str) -> None:
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("redpen-bench: error:")]
    assert len(errors) == 1 and words in errors[0], proc.stderr


def commands(place: Path, runs: Path) -> dict[str, tuple]:
    """Each command pointed at `place` for what it writes; `runs` holds a finished run for `report`."""
    return {
        "run": ("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", place / "r"),
        "compare runs": ("compare", "--analyzers", "none", "--corpus", FIXTURE_CORPUS, "--runs", place / "runs",
                         "--out", runs.parent / "reports"),
        "compare out": ("compare", "--analyzers", "none", "--corpus", FIXTURE_CORPUS, "--runs", runs.parent / "c",
                        "--out", place / "reports"),
        "report": ("report", runs, "--corpus", FIXTURE_CORPUS, "--out", place / "reports"),
    }


@pytest.fixture
def stored_run(tmp_path) -> Path:
    run = tmp_path / "ok" / "run"
    assert cli("run", "-r", "always-no,oracle", "--corpus", FIXTURE_CORPUS, "--out", run).returncode == 0
    return run


@pytest.fixture
def mount_tmpfs(tmp_path):
    mounted = []

    def mount(name: str, options: str) -> Path:
        point = tmp_path / name
        point.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(point)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here (needs root in a mount-capable namespace): {done.stderr!r}")
        mounted.append(point)
        return point

    yield mount
    for point in mounted:
        subprocess.run(["umount", str(point)], check=False)


def test_a_file_in_the_path(tmp_path, stored_run):
    (tmp_path / "afile").write_text("not a folder\n")
    for name, args in commands(tmp_path / "afile" / "sub", stored_run).items():
        proc = cli(*args)
        one_error(proc, 2, "a file is in the way")
        assert (tmp_path / "afile").read_text() == "not a folder\n", name


@pytest.mark.skipif(shutil.which("setpriv") is None or os.geteuid() != 0,
                    reason="needs setpriv and root to run the command without the power to ignore folder modes")
def test_a_folder_without_write_permission(tmp_path, stored_run):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    # root ignores modes; without these capabilities the command meets the mode as any user would
    drop = ("setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--inh-caps=-all")
    for args in commands(locked, stored_run).values():
        one_error(cli(*args, prefix=drop), 2, "Permission denied")
    assert list(locked.iterdir()) == []


def test_a_read_only_file_system(tmp_path, stored_run, mount_tmpfs):
    read_only = mount_tmpfs("ro", "ro,size=64k")
    for args in commands(read_only, stored_run).values():
        one_error(cli(*args), 2, "Read-only file system")


def _fill(folder: Path) -> None:
    """Take every free block, so the next write fails with ENOSPC."""
    with (folder / "filler").open("wb", buffering=0) as filler:
        chunk = b"\0" * 4096
        while True:
            try:
                filler.write(chunk)
            except OSError:
                if len(chunk) == 1:
                    break
                chunk = chunk[: len(chunk) // 2]  # the last partial block too

def test_a_full_disk_keeps_what_was_stored(tmp_path, stored_run, mount_tmpfs):
    disk = mount_tmpfs("full", "size=256k")
    run = disk / "run"
    shutil.copytree(stored_run, run)
    before_rows = (run / "verdicts.jsonl").read_bytes()
    before_manifest = (run / "manifest.json").read_bytes()
    _fill(disk)
    for args in [("run", "-r", "always-yes,random", "--corpus", FIXTURE_CORPUS, "--out", run),
                 ("compare", "--analyzers", "none", "--corpus", FIXTURE_CORPUS, "--runs", disk / "runs",
                  "--out", tmp_path / "reports"),
                 ("report", run, "--corpus", FIXTURE_CORPUS, "--out", disk / "reports")]:
        one_error(cli(*args), 1, "No space left on device")
    # the stored rows and manifest are as they were, and nothing half-written is left anywhere
    assert (run / "verdicts.jsonl").read_bytes() == before_rows
    assert (run / "manifest.json").read_bytes() == before_manifest
    json.loads(before_manifest)
    left = sorted(p.name for p in disk.rglob("*") if p.name != "filler" and p.name != ".lock" and p.is_file()
                  and p.parent != run)
    assert left == [], left
    assert not [p for p in disk.rglob("*.tmp")] and not [p for p in disk.rglob("*.partial")]
    assert not (disk / "reports").exists() or list((disk / "reports").iterdir()) == []
    # with room again, the same command resumes and completes
    (disk / "filler").unlink()
    assert cli("run", "-r", "always-yes,random", "--corpus", FIXTURE_CORPUS, "--out", run).returncode == 0


def test_a_full_disk_in_the_middle_of_a_run_leaves_whole_rows(tmp_path, mount_tmpfs):
    disk = mount_tmpfs("full", "size=12k")  # a manifest and a few rows fit; not a corpus of rows
    proc = cli("run", "-r", "always-no,always-yes,random,oracle", "--corpus", FIXTURE_CORPUS, "--out", disk / "r")
    one_error(proc, 1, "No space left on device")
    assert not list(disk.rglob("*.tmp"))
    rows = disk / "r" / "verdicts.jsonl"
    if rows.exists():
        for line in rows.read_bytes().splitlines(keepends=True):
            assert line.endswith(b"\n")
            json.loads(line)
