def summarize(items, names):
    # ruleid: len-comparison-always-constant
    if len(items) >= 0:
        first = items[0]
    else:
        first = None
    # ruleid: len-comparison-always-constant
    if len(names) < 0:
        raise ValueError("no names")
    # ruleid: len-comparison-always-constant
    has_items = 0 <= len(items)
    # ok: len-comparison-always-constant
    if len(items) > 0:
        first = items[0]
    # ok: len-comparison-always-constant
    if len(names) == 0 or len(names) >= 1:
        return first, has_items
    return None
