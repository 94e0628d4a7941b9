"""Layered service settings: built-in defaults, then the config file, then command-line flags."""

from functools import reduce
from typing import Any, Callable, Mapping

DEFAULTS: dict[str, Any] = {
    "host": "127.0.0.1",
    "port": 8080,
    "workers": 4,
    "log_level": "info",
    "debug": False,
}


def _as_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    return str(raw).strip().lower() in ("1", "true", "yes", "on")


_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    name: _as_bool if isinstance(value, bool) else type(value) for name, value in DEFAULTS.items()
}


def layer(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Copy of `base` with the known, non-None entries of `overrides` applied.

    Each taken value is converted to the type of its built-in default. Keys
    that are not settings are ignored, and a key that is missing or None (an
    omitted flag, a blank line in the file) keeps the value from `base`.
    Neither argument is modified.
    """
    given = {
        name: _CONVERTERS[name](raw)
        for name, raw in overrides.items()
        if name in _CONVERTERS and raw is not None
    }
    return {**base, **given}


def resolve(file_settings: Mapping[str, Any], cli_flags: Mapping[str, Any]) -> dict[str, Any]:
    """Effective settings: command-line flags win over the file, the file over defaults."""
    return reduce(layer, (file_settings, cli_flags), dict(DEFAULTS))
