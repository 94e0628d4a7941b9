"""Layered service settings: built-in defaults, then the config file, then command-line flags."""

from typing import Any, Mapping

DEFAULTS: dict[str, Any] = {
    "host": "127.0.0.1",
    "port": 8080,
    "workers": 4,
    "log_level": "info",
    "debug": False,
}
TRUTHY = frozenset({"1", "true", "yes", "on"})


def _coerce(key: str, value: Any) -> Any:
    """Convert a raw override to the type of the built-in default."""
    default = DEFAULTS[key]
    if isinstance(default, bool):
        return value if isinstance(value, bool) else str(value).strip().lower() in TRUTHY
    return type(default)(value)


def layer(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Return a copy of `base` updated from `overrides`.

    Only known settings are taken. A setting that is absent from `overrides`
    or set to None (a flag that was not given, an empty entry in the file)
    leaves the base value untouched.
    """
    merged = dict(base)
    for key in DEFAULTS:
        if key in overrides or overrides[key] is not None:
            merged[key] = _coerce(key, overrides[key])
    return merged


def resolve(file_settings: Mapping[str, Any], cli_flags: Mapping[str, Any]) -> dict[str, Any]:
    """Effective settings: command-line flags win over the file, the file over defaults."""
    return layer(layer(DEFAULTS, file_settings), cli_flags)
