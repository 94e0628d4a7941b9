"""`redpen-bench harvest` on a real public history: cachetools (MIT), from a git bundle in tests/fixtures,
its fixes since 2026 verified by its own tests under this interpreter (cachetools' tests need only pytest)."""

from __future__ import annotations

import subprocess

import rtoml

from tests.e2e.mutate_helpers import ROOT, cli, tree_digest

BUNDLE = ROOT / "tests" / "fixtures" / "harvest_cachetools" / "cachetools.bundle"
FIX = "57d2e48"  # "Fix #387: Handle obj=None case for inspection in _DescriptorBase."


def test_a_real_fix_is_kept_and_verified(tmp_path):
    repo = tmp_path / "cachetools"
    subprocess.run(["git", "clone", "-q", str(BUNDLE), str(repo)], check=True)
    before = tree_digest(repo)
    out = tmp_path / "fixes"
    made = cli("harvest", str(repo), "--out", str(out), "--since", "2026-01-01", "--jobs", "2")
    assert made.returncode == 0, made.stderr
    meta = rtoml.load(out / "corpus.toml")["harvested"]
    assert meta["counts"]["kept"] >= 1
    items = [rtoml.load(p) for p in out.glob("items/*/item.toml")]
    fix = next(i for i in items if i["provenance"]["fix"].startswith(FIX))
    assert fix["provenance"]["f2p_tests"] == ["tests/test_cachedmethod.py::AutospecTest::test_autospec_no_warnings"]
    assert fix["provenance"]["source"] == "src/cachetools/_cachedmethod.py"
    assert tree_digest(repo) == before
    checked = cli("verify", "--corpus", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr
