"""Shorten long file paths for narrow UI columns, keeping the trailing components."""

ELLIPSIS = "\u2026"


def split_path(path):
    """Path components with separators normalised and empty parts dropped."""
    return [part for part in path.replace("\\", "/").split("/") if part]


def shorten(path, keep=2):
    """Show only the last `keep` components, prefixed by an ellipsis when some were cut."""
    if keep < 1:
        raise ValueError("keep at least one component")
    parts = split_path(path)
    if len(parts) <= keep:
        return "/".join(parts)
    tail = parts[-keep:]
    return "/".join([ELLIPSIS, *tail])


def fit(path, width):
    """Drop leading components until the path fits in `width` characters."""
    parts = split_path(path)
    for keep in range(len(parts), 0, -1):
        candidate = shorten(path, keep)
        if len(candidate) <= width:
            return candidate
    return shorten(path, 1)


def common_tail_length(first, second):
    """How many trailing components two paths share."""
    a, b = split_path(first), split_path(second)
    shared = 0
    while shared < min(len(a), len(b)) and a[-1 - shared] == b[-1 - shared]:
        shared += 1
    return shared
