"""Round-robin placement of user accounts onto a fixed set of database shards."""

import itertools


def shard_map(user_ids, num_shards, offset=0):
    """Deal the distinct, sorted user ids over the shards, starting at shard `offset`.

    Shard numbers always lie in range(num_shards); any offset wraps around.
    """
    if num_shards < 1:
        raise ValueError("need at least one shard")
    rotation = itertools.islice(itertools.cycle(range(num_shards)), offset % num_shards, None)
    placement = {}
    for uid, shard in zip(sorted(set(user_ids)), rotation):
        placement[uid] = shard
    return placement


def shard_load(mapping, num_shards):
    """How many users each shard holds."""
    load = [0] * num_shards
    for shard in mapping.values():
        load[shard] += 1
    return load


def users_on(mapping, shard):
    """Sorted ids of the users that the mapping places on `shard`."""
    return sorted(filter(lambda uid: mapping[uid] == shard, mapping))


def migration_plan(old_mapping, new_mapping):
    """For every user present in both mappings on different shards: uid -> (old, new)."""
    common = old_mapping.keys() & new_mapping.keys()
    return {
        uid: (old_mapping[uid], new_mapping[uid])
        for uid in sorted(common)
        if old_mapping[uid] != new_mapping[uid]
    }
