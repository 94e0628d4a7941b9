class ConfigError(Exception):
    pass


def parse_port(text):
    port = int(text)
    if port <= 0:
        # ruleid: exception-not-raised
        ValueError(f"invalid port {port}")
    if port > 65535:
        # ruleid: exception-not-raised
        ConfigError("port out of range")
    return port


def check(value, errors, future):
    if value is None:
        # ruleid: exception-not-raised
        Exception("missing value")
    if value == "":
        # ok: exception-not-raised
        raise ValueError("empty value")
    # ok: exception-not-raised
    errors.append(ValueError("recorded"))
    # ok: exception-not-raised
    future.set_exception(ConfigError("failed"))
    # ok: exception-not-raised
    err = TypeError("kept for later")
    # ok: exception-not-raised
    return err


# ok: exception-not-raised
make_error = lambda msg: RuntimeError(msg)


def collect(messages):
    # ok: exception-not-raised
    return [ValueError(m) for m in messages if m]


def pair(msg):
    # ok: exception-not-raised
    return msg, KeyError(msg)


def not_raised_in_branch(flag, errors):
    if flag:
        # ruleid: exception-not-raised
        errors.ValidationError("flag set", code=400)


def check_win32(GetLastError, ERROR_ABORTED):
    # ok: exception-not-raised
    if GetLastError() == ERROR_ABORTED:
        return False
    return True
