def describe(value, cache, key):
    # ruleid: none-equality-comparison
    if value == None:
        return "missing"
    # ruleid: none-equality-comparison
    while cache.get(key) != None:
        key += 1
    # ruleid: none-equality-comparison
    return None == value


def describe_ok(value, session, User):
    # ok: none-equality-comparison
    if value is None:
        return "missing"
    # ok: none-equality-comparison
    active = session.query(User).filter(User.deleted_at == None).all()
    # ok: none-equality-comparison
    return value is not None and active
