"""What an analyzer module declares about its tool, beside its reviewer class: the facts that the rest of the
package (process isolation, profile lookup, compare, tune, the unknown-rule check) reads from here instead of
keeping a list per tool of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class ToolDescription:
    name: str  # the registry family, and the folder of its profiles (analyzers/<name>/)
    # the tool's own environment variables: kept from it (with XDG_*), so a user's configuration never reaches it
    env_prefixes: tuple[str, ...] = ()
    # the folder of its shipped profiles; None: analyzers/<name>/ of this package (a plugin ships its own)
    profiles: Path | None = None
    # profile settings that switch every rule on, for `tune`; None: the tool cannot be tuned
    all_rules: dict | None = None
    levels: tuple[str, ...] = ()  # its severity levels, lowest first, that a tuning threshold may cut at
    # profile keys whose entries name rules, checked against the rules the tool knows before any tool runs
    rule_fields: tuple[str, ...] = field(default=())
