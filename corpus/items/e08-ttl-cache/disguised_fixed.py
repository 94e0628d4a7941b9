"""Feature-flag evaluation: which users see a feature that is rolling out."""

import hashlib
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Flag:
    name: str
    percent: int  # share of users in the rollout, 0-100
    starts: date
    ends: date | None = None  # exclusive; None = open-ended
    always_on: frozenset = frozenset()  # user ids that always get the feature
    never_on: frozenset = frozenset()


def _bucket(flag_name, user_id):
    """Stable 0-99 bucket for a user, independent between flags."""
    digest = hashlib.sha256(f"{flag_name}/{user_id}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 100


def _scheduled(flag, today):
    return flag.starts <= today and (flag.ends is None or today < flag.ends)


def is_enabled(flag, user_id, today):
    if user_id in flag.never_on:
        return False
    if user_id in flag.always_on:
        return True
    if not _scheduled(flag, today):
        return False
    return _bucket(flag.name, user_id) < flag.percent


def enabled_users(flag, user_ids, today):
    """The subset of `user_ids` who see the feature on `today`."""
    return [uid for uid in user_ids if is_enabled(flag, uid, today)]
