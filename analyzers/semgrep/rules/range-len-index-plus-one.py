def deltas(values):
    out = []
    for i in range(len(values)):
        # ruleid: range-len-index-plus-one
        out.append(values[i + 1] - values[i])
    return out


def is_sorted(items):
    for k in range(0, len(items)):
        # ruleid: range-len-index-plus-one
        if items[k] > items[k + 1]:
            return False
    return True


def deltas_ok(values):
    out = []
    for i in range(len(values) - 1):
        # ok: range-len-index-plus-one
        out.append(values[i + 1] - values[i])
    return out


def pairs_guarded(items):
    out = []
    for i in range(len(items)):
        if i + 1 < len(items):
            # ok: range-len-index-plus-one
            out.append((items[i], items[i + 1]))
    return out


def tail_ok(items):
    for i in range(len(items)):
        if i == len(items) - 1:
            break
        # ok: range-len-index-plus-one
        print(items[i + 1])
        # ok: range-len-index-plus-one
        print(items[i + 1:])
