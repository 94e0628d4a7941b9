"""`run --fresh` starts a new run folder; `--no-cache` alone still resumes the one there."""

from __future__ import annotations

from pathlib import Path

from redpen_bench.cli import main
from redpen_bench.run.folder import RunFolder, fresh_dir
from tests.conftest import FIXTURE_CORPUS

CORPUS = str(FIXTURE_CORPUS)


def run(capsys, *args: str) -> tuple[str, str]:
    main(["run", "--reviewer", "random", "--corpus", CORPUS, *args])
    out = capsys.readouterr()
    return out.out.splitlines()[-1], out.err


def lines(folder: str) -> int:
    return len((Path(folder) / "verdicts.jsonl").read_text().splitlines())


def test_fresh_starts_a_new_folder_and_no_cache_resumes(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    first, err = run(capsys, "--out", "run")
    assert first == "run" and lines(first) == 11 and "11/11" in err
    again, err = run(capsys, "--out", "run", "--no-cache")  # resumes: nothing left to ask
    assert again == "run" and lines("run") == 11 and "11/11" not in err
    fresh, err = run(capsys, "--out", "run", "--fresh", "--no-cache")
    assert fresh != "run" and Path(fresh).parent == Path(".") and fresh.startswith("run-")
    assert lines(fresh) == 11 and "11/11" in err and lines("run") == 11  # asked again, the old folder untouched
    other, _ = run(capsys, "--out", "run", "--fresh")
    assert other not in ("run", fresh) and len(RunFolder(other).rows()) == 11
    # with no folder there yet, --fresh is simply that folder
    assert run(capsys, "--out", "empty", "--fresh")[0] == "empty"


def test_fresh_dir_names_are_exclusive(tmp_path):
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "x").write_text("")
    names = {fresh_dir(tmp_path / "r") for _ in range(3)}
    assert len(names) == 3 and all(p.is_dir() and p.name.startswith("r-") for p in names)
