"""Layered settings: built-in defaults, per-environment profiles, explicit overrides."""

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

_TRUTHY = {"1", "true", "yes", "on"}


def _coerce(raw, template):
    if not isinstance(raw, str):
        return raw
    if isinstance(template, bool):
        return raw.strip().lower() in _TRUTHY
    if isinstance(template, (int, float)):
        return type(template)(raw)
    return raw.strip()


def get_setting(name, env="development", overrides=None):
    """Resolve one setting: overrides win, then the environment profile, then the default."""
    if name not in DEFAULTS:
        raise KeyError(f"unknown setting {name!r}")
    default = DEFAULTS[name]
    if overrides and name in overrides:
        return _coerce(overrides[name], default)
    profile = PROFILES.get(env, {})
    if name in profile:
        value = _coerce(profile[name], default)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
            raise ValueError(f"{name} must not be negative in profile {env!r}")
        return value
    return default


def resolve_all(env="development", overrides=None):
    return {name: get_setting(name, env, overrides) for name in DEFAULTS}
