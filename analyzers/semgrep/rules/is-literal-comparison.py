def classify(status, code, data, flag):
    # ruleid: is-literal-comparison
    if status is "ok":
        return 1
    # ruleid: is-literal-comparison
    if code is not 200:
        return 2
    # ruleid: is-literal-comparison
    if data is b"":
        return 3
    # ruleid: is-literal-comparison
    if -1 is code:
        return 4
    # ruleid: is-literal-comparison
    if data is []:
        return 5
    # ok: is-literal-comparison
    if status is None:
        return 6
    # ok: is-literal-comparison
    if flag is True or flag is not False:
        return 7
    # ok: is-literal-comparison
    if status == "ok" and code != 200:
        return 8
    # ok: is-literal-comparison
    if data is ...:
        return 9
    return 0
