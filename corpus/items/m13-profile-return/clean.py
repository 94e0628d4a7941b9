"""Layered settings: built-in defaults, per-environment profiles, explicit overrides."""

from collections import ChainMap

DEFAULTS = {
    "db_pool_size": 5,
    "request_timeout": 30.0,
    "log_level": "INFO",
    "cache_ttl": 300,
    "debug": False,
}

PROFILES = {
    "production": {"db_pool_size": "20", "log_level": "WARNING", "cache_ttl": "3600"},
    "staging": {"db_pool_size": "10", "request_timeout": "60"},
    "test": {"cache_ttl": "0", "log_level": "DEBUG", "debug": "yes"},
}


def _parse_bool(text):
    return text.strip().lower() in ("1", "true", "yes", "on")


_PARSERS = {bool: _parse_bool, int: int, float: float, str: str.strip}


def _typed(name, raw):
    kind = type(DEFAULTS[name])
    return _PARSERS[kind](raw) if isinstance(raw, str) else raw


def get_setting(name, env="development", overrides=None):
    if name not in DEFAULTS:
        raise KeyError(f"unknown setting {name!r}")
    if overrides and name in overrides:
        return _typed(name, overrides[name])
    layers = ChainMap(PROFILES.get(env, {}), DEFAULTS)
    result = _typed(name, layers[name])
    negative_number = type(result) in (int, float) and result < 0
    if negative_number and name in layers.maps[0]:
        raise ValueError(f"{name} must not be negative in profile {env!r}")
    return result


def resolve_all(env="development", overrides=None):
    resolved = {}
    for key in DEFAULTS:
        resolved[key] = get_setting(key, env, overrides)
    return resolved
