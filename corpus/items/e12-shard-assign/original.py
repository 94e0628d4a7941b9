"""Spread tenant accounts over database shards in a stable round-robin order."""

from collections import Counter


def shard_map(user_ids, num_shards, offset=0):
    """Map each user id to a shard number by dealing the sorted ids round-robin.

    `offset` rotates the starting shard so that several tenants' users do not
    all begin filling shard 0.
    """
    if num_shards < 1:
        raise ValueError("need at least one shard")
    ordered = sorted(set(user_ids))
    return {uid: (pos + offset) // num_shards for pos, uid in enumerate(ordered)}


def shard_load(mapping, num_shards):
    """Number of users on each shard, indexed by shard number."""
    counts = Counter(mapping.values())
    return [counts.get(shard, 0) for shard in range(num_shards)]


def users_on(mapping, shard):
    return sorted(uid for uid, assigned in mapping.items() if assigned == shard)


def migration_plan(old_mapping, new_mapping):
    """Users whose shard changes between two mappings, as uid -> (old, new)."""
    moves = {}
    for uid, new_shard in new_mapping.items():
        old_shard = old_mapping.get(uid)
        if old_shard is not None and old_shard != new_shard:
            moves[uid] = (old_shard, new_shard)
    return moves
