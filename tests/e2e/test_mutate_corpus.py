"""`redpen-bench mutate --from-corpus`: real subprocesses, real kill checks, on tiny corpora."""

from __future__ import annotations

import rtoml

from tests.e2e.mutate_helpers import cli, looping_corpus, read_items, shipped_items, synthetic_item, tree_digest

FAST = ("--operators", "AOR,ROR,SDL,HOM", "--max-per-function", "2", "--timeout", "5")


def test_round_trip_mutate_verify_run_score(tmp_path):
    source = shipped_items(tmp_path, "m06-coupon-code", "e01-invoice-tax")
    out = tmp_path / "gen"
    made = cli("mutate", "--from-corpus", str(source), "--out", str(out), "--jobs", "2", *FAST)
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip().splitlines()[-1] == str(out)
    meta = rtoml.load(out / "corpus.toml")
    assert meta["generated"]["mode"] == "corpus" and "canary" in meta
    assert meta["tiers"] and set(meta["tiers"]) <= {"AOR", "ROR", "SDL", "HOM"}
    toml = rtoml.load(next((out / "items").glob("*/item.toml")))
    assert toml["provenance"]["cluster"].startswith(toml["provenance"]["source"] + "::")
    verified = cli("verify", "--corpus", str(out), "--jobs", "2")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    run_dir = tmp_path / "run"
    ran = cli("run", "--corpus", str(out), "-r", "always-no,oracle", "--out", str(run_dir))
    assert ran.returncode == 0, ran.stderr
    scored = cli("score", str(run_dir), "--corpus", str(out), "--format", "json")
    assert scored.returncode == 0, scored.stderr
    assert '"oracle"' in scored.stdout


def test_same_seed_same_bytes_whatever_the_jobs(tmp_path):
    source = shipped_items(tmp_path, "m06-coupon-code")
    one, two = tmp_path / "one", tmp_path / "two"
    for out, jobs in ((one, "1"), (two, "2")):
        made = cli("mutate", "--from-corpus", str(source), "--out", str(out), "--jobs", jobs, "--seed", "7", *FAST)
        assert made.returncode == 0, made.stderr
    assert tree_digest(one) == tree_digest(two)
    assert str(tmp_path) not in "".join(read_items(one).values())  # no absolute paths


def test_out_replaced_only_when_an_earlier_output(tmp_path):
    source = shipped_items(tmp_path, "m06-coupon-code")
    out = tmp_path / "gen"
    args = ("mutate", "--from-corpus", str(source), "--out", str(out), "--operators", "AOR", "--timeout", "5")
    assert cli(*args).returncode == 0
    (out / "stale.txt").write_text("left from before")
    assert cli(*args).returncode == 0
    assert not (out / "stale.txt").exists()
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep me")
    refused = cli("mutate", "--from-corpus", str(source), "--out", str(foreign), "--operators", "AOR")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert str(foreign) in refused.stderr and (foreign / "notes.txt").read_text() == "keep me"


ADD = "def add(a, b):\n    return a + b\n\n\ndef untested(a, b):\n    return a * b + 1\n"


def test_failing_source_is_refused_naming_the_file(tmp_path):
    root = synthetic_item(tmp_path, ADD, "def check_original(m):\n    assert m.add(2, 2) == 5\n")
    made = cli("mutate", "--from-corpus", str(root), "--out", str(tmp_path / "gen"))
    assert made.returncode == 2 and "Traceback" not in made.stderr
    assert "fixed.py" in made.stderr and "unmutated source" in made.stderr


def test_check_that_ignores_its_module_fails_the_forced_fail_pass(tmp_path):
    root = synthetic_item(tmp_path, ADD, "def check_original(m):\n    assert 2 + 2 == 4\n")
    made = cli("mutate", "--from-corpus", str(root), "--out", str(tmp_path / "gen"))
    assert made.returncode == 2 and "test_item.py" in made.stderr and "every name raises" in made.stderr


def test_survivors_are_discarded(tmp_path):
    root = synthetic_item(tmp_path, ADD, "def check_original(m):\n    assert m.add(2, 3) == 5\n")
    out = tmp_path / "gen"
    made = cli("mutate", "--from-corpus", str(root), "--out", str(out))
    assert made.returncode == 0, made.stderr
    counts = rtoml.load(out / "corpus.toml")["generated"]["counts"]
    assert sum(row["survived"] for row in counts.values()) > 0  # every mutant of untested()
    functions = {rtoml.loads(t)["provenance"]["function"] for t in read_items(out).values()}
    assert functions == {"add"}


def test_a_timeout_is_a_marked_kill_when_the_source_is_fast(tmp_path):
    out = looping_corpus(tmp_path, "3")
    timed = [rtoml.loads(t)["provenance"] for t in read_items(out).values()]
    timed = [p for p in timed if p["timed_out"]]
    assert timed and all(p["mutated"] == "" for p in timed)  # the deleted increment loops for ever
    assert rtoml.load(out / "corpus.toml")["generated"]["counts"]["SDL"]["timed_out"] >= 1
