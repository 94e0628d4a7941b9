def is_yes(answer):
    # ruleid: comparison-or-truthy-literal
    if answer == "y" or "yes":
        return True
    return False


def is_weekend(day, code):
    # ruleid: comparison-or-truthy-literal
    if day == "sat" or day == "sun" or "holiday":
        return True
    # ruleid: comparison-or-truthy-literal
    while code != 0 or 1:
        code -= 1
    return False


def is_yes_ok(answer, name):
    # ok: comparison-or-truthy-literal
    if answer == "y" or answer == "yes":
        return True
    # ok: comparison-or-truthy-literal
    label = name or "anonymous"
    # ok: comparison-or-truthy-literal
    return answer in ("y", "yes") or label == ""
