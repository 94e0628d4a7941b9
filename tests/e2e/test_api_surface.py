"""The public API is one import, whatever modules it is written in: every name it lists resolves, as do the
names the CLI and tests take from it beyond the list, and importing it loads neither mutate's modules (libcst)
nor harvest's (they load when called)."""

from __future__ import annotations

import subprocess
import sys

from redpen_bench import api

BEYOND_ALL = ("check_integrity", "options_fingerprint", "parse_env", "MutateOptions", "parse_operators",
              "mutate_summary")


def test_every_public_name_resolves_from_the_api():
    missing = [name for name in (*api.__all__, *BEYOND_ALL) if not hasattr(api, name)]
    assert missing == []


def test_importing_the_api_loads_neither_mutate_nor_harvest():
    code = ("import sys; from redpen_bench import api; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'libcst' "
            "or m.startswith(('redpen_bench.generate', 'redpen_bench.harvest'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
