"""redpen.toml: named reviewers on two servers in one run, their errors, prices and [compare]; the CLI path."""

from __future__ import annotations

import json

import pytest

from redpen_bench.cli import main
from redpen_bench.config import compare_settings, load_config, resolve_specs
from redpen_bench.errors import InputError
from redpen_bench.run.folder import RunFolder
from tests.conftest import FIXTURE_CORPUS
from tests.llm_http_server import LLMServer

N_SNIPPETS = 11


pytestmark = pytest.mark.usefixtures("llm_env")


def test_two_endpoints_in_one_run(tmp_path, capsys):
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "short.txt").write_text("Bug?\n{code}\nDEFECT: LINES: EXPLANATION:\n")
    with LLMServer() as first, LLMServer() as second:
        (tmp_path / "redpen.toml").write_text(f"""
[reviewers.small]
spec = "openai:qwen2.5-coder:7b"
base_url = "{first.url}/v1"
prompt = "prompts/short.txt"
params = {{ top_p = 0.5 }}

[reviewers.big]
spec = "openai:llama-70b"
base_url = "{second.url}/v1"
temperature = "none"
max_tokens = 64

[prices]
"qwen2.5-coder:7b" = {{ input = 0, output = 0 }}
""")
        main(["run", "-r", "small,big", "--corpus", str(FIXTURE_CORPUS), "--out", "run"])
        assert capsys.readouterr().out.strip().splitlines()[-1] == "run"
        assert len(first.requests) == len(second.requests) == N_SNIPPETS
        assert {r.body["model"] for r in first.requests} == {"qwen2.5-coder:7b"}
        assert all(r.prompt.startswith("Bug?\n") and r.body["top_p"] == 0.5 and r.body["temperature"] == 0
                   for r in first.requests)
        assert all("temperature" not in r.body and r.body["max_tokens"] == 64 for r in second.requests)
    rows = RunFolder(tmp_path / "run").rows()
    assert {r.reviewer for r in rows} == {"small", "big"} and len(rows) == 2 * N_SNIPPETS
    assert all(r.cost_usd == 0 for r in rows if r.reviewer == "small")  # priced by the config
    assert all(r.cost_usd is None for r in rows if r.reviewer == "big")  # no price: no estimate
    manifest = RunFolder(tmp_path / "run").read_manifest()["reviewers"]
    assert manifest["small"]["info"]["base_url"] == f"{first.url}/v1"
    assert manifest["big"]["info"]["request"]["temperature"] is None


def test_dry_run_on_the_command_line_prints_the_estimate(tmp_path, capsys):
    main(["run", "-r", "openai:gpt-4.1", "--corpus", str(FIXTURE_CORPUS), "--out", "run", "--dry-run",
          "--max-tokens", "200", "--max-cost", "0.01"])
    estimate = json.loads(capsys.readouterr().out)["openai:gpt-4.1"]
    assert estimate["requests"] == N_SNIPPETS and estimate["output_tokens"] == 200 * N_SNIPPETS
    assert estimate["cost_usd"] == pytest.approx((estimate["input_tokens"] * 2 + estimate["output_tokens"] * 8) / 1e6)
    assert 0 < estimate["requests_within_max_cost"] < N_SNIPPETS


def test_compare_settings_and_explicit_config(tmp_path):
    path = tmp_path / "conf" / "team.toml"
    path.parent.mkdir()
    path.write_text('[reviewers.x]\nspec = "openai:m"\n\n[compare]\nreviewers = ["x", "ruff:bugs"]\nout = "cmp"\n')
    config = load_config(path)
    settings = compare_settings(config)
    assert settings.reviewers == ("x", "ruff:bugs") and settings.out == path.parent / "cmp"
    specs = resolve_specs(["x", "y=openai:m", "always-no"], config)
    assert [(s.key, s.family, s.arg) for s in specs] == [("x", "openai", "m"), ("y", "openai", "m"),
                                                          ("always-no", "always-no", None)]
    assert load_config().reviewers == {}  # no ./redpen.toml: nothing defined
    assert compare_settings(load_config()).reviewers == ()


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('[reviewers.a]\nbase_url = "http://x"\n', "reviewers.a.spec"),
        ('[reviewers.a]\nspec = "nosuch:model"\n', "reviewers.a.spec"),
        ('[reviewers.a]\nspec = "openai:m"\ntemprature = 0\n', "reviewers.a.temprature"),
        ('[reviewers.a]\nspec = "openai:m"\ntemperature = "hot"\n', "reviewers.a.temperature"),
        ('[reviewers.a]\nspec = "openai:m"\nmax_tokens = 1.5\n', "reviewers.a.max_tokens"),
        ('[reviewers.a]\nspec = "openai:m"\nprompt = "missing.txt"\n', "reviewers.a.prompt"),
        ('[reviewers.a]\nspec = "openai:m"\nparams = 3\n', "reviewers.a.params"),
        ('[prices]\n"m" = { input = 1 }\n', 'prices."m"'),
        ('[compare]\nreviewers = "x"\n', "compare.reviewers"),
        ("reviewers = 3\n", "reviewers"),
    ],
)
def test_config_errors_name_the_file_and_field(tmp_path, text, field):
    path = tmp_path / "redpen.toml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        compare_settings(load_config())
    assert f"{path}: field '{field}'" in str(caught.value)


def test_config_errors_on_the_command_line_exit_2(tmp_path, capsys):
    (tmp_path / "redpen.toml").write_text("[reviewers.a\n")
    with pytest.raises(SystemExit) as caught:
        main(["run", "-r", "a", "--corpus", str(FIXTURE_CORPUS)])
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "redpen.toml: unreadable TOML" in err and "Traceback" not in err
    with pytest.raises(SystemExit) as caught:
        main(["run", "-r", "a", "--corpus", str(FIXTURE_CORPUS), "--config", str(tmp_path / "none.toml")])
    assert caught.value.code == 2 and "none.toml: config file not found" in capsys.readouterr().err
