"""The generated corpus's name and licence (issue 32.7): the user's `--name`/`--licence`, else the project's own
metadata, never the checkout folder's name with licence "" unsaid (generate/project_metadata.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from redpen_bench.errors import InputError
from redpen_bench.generate.project_metadata import project_metadata

BSD = ("Redistribution and use in source and binary forms, with or without modification, are permitted provided "
       "that the following conditions are met: ... Neither the name of the copyright holder nor the names of its\n"
       "contributors may be used to endorse or promote products")


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "src"  # a checkout folder whose name says nothing
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("files", "name", "licence"), [
    ({"pyproject.toml": '[project]\nname = "its.dangerous"\nlicense = "BSD-3-Clause"\n'},
     "its.dangerous-mutants", "BSD-3-Clause"),
    ({"pyproject.toml": '[project]\nname = "cachelib"\nlicense = { text = "MIT" }\n'}, "cachelib-mutants", "MIT"),
    ({"setup.cfg": "[metadata]\nname = my lib\nlicense = Apache-2.0\n"}, "my-lib-mutants", "Apache-2.0"),
    ({"pyproject.toml": '[project]\nname = "x"\n', "LICENSE.txt": BSD}, "x-mutants", "BSD-3-Clause"),
    ({"LICENSE": "MIT License\n\nPermission is hereby granted, free of charge"}, "src-mutants", "MIT"),
])
def test_the_project_names_its_corpus_and_licence_and_says_where_from(tmp_path, files, name, licence):
    meta = project_metadata(_project(tmp_path, files))
    assert (meta.name, meta.licence) == (name, licence)
    assert any(f"corpus name {name!r} (from " in line for line in meta.said)
    assert any(f"licence {licence!r} (from " in line and "--licence" in line for line in meta.said)


def test_no_licence_found_is_said_not_silently_empty(tmp_path):
    meta = project_metadata(_project(tmp_path, {"pyproject.toml": '[project]\nname = "x"\n'}))
    assert meta.licence == ""
    assert any("no licence found" in line and "--licence" in line for line in meta.said)


def test_the_users_choice_wins_and_is_not_said_back(tmp_path):
    root = _project(tmp_path, {"pyproject.toml": '[project]\nname = "x"\nlicense = "MIT"\n'})
    meta = project_metadata(root, name="mine", licence="LicenseRef-internal")
    assert (meta.name, meta.licence) == ("mine", "LicenseRef-internal")
    assert not any("name" in line or "licence" in line for line in meta.said)


@pytest.mark.parametrize("name", ["../up", "a b", "", "-x"])
def test_a_name_that_is_no_plain_name_is_refused_before_anything_runs(tmp_path, name):
    with pytest.raises(InputError, match=r"--name: .* is not a plain name"):
        project_metadata(_project(tmp_path, {}), name=name)
