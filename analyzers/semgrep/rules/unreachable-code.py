def total(items):
    result = 0
    for item in items:
        if item is None:
            continue
            # ruleid: unreachable-code
            result -= 1
        result += item
    return result
    # ruleid: unreachable-code
    print("total computed", result)


def validate(value):
    if value < 0:
        raise ValueError("negative")
        # ruleid: unreachable-code
        value = 0
    return value


def find(items, target):
    for i, item in enumerate(items):
        if item == target:
            # ok: unreachable-code
            found = i
            break
    else:
        return -1
    # ok: unreachable-code
    return found


def search(items, target):
    while True:
        if target in items:
            break
            # ruleid: unreachable-code
            items.remove(target)
        # ok: unreachable-code
        return None


def empty_stream():
    return
    # ok: unreachable-code
    yield


async def not_supported():
    raise NotImplementedError
    # ok: unreachable-code
    yield b""
