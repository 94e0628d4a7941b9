"""Errors that mean "the input is wrong", shown as one line naming the file and field, exit code 2."""

from __future__ import annotations

import errno

# a full disk or quota is no mistake of the user's: the same command succeeds once there is room (exit 1)
FULL_DISK = frozenset({errno.ENOSPC, errno.EDQUOT})
# an output place that cannot be written: a file in the path, no permission, a read-only file system, a full disk
PLACE_ERRNOS = FULL_DISK | {errno.ENOTDIR, errno.EISDIR, errno.EEXIST, errno.EACCES, errno.EPERM, errno.EROFS,
                            errno.ENAMETOOLONG}


class InputError(Exception):
    """Bad input from the user: a corpus, a run folder, a profile, a verdict file, a flag."""

    exit_code = 2


def place_error(kind: type[InputError], path: object, exc: OSError, doing: str) -> InputError:
    """`kind` for an OSError met writing `path`: one line naming the place, exit 1 for a full disk."""
    error = kind(f"{path}: {doing}: {exc.strerror or exc}")
    if exc.errno in FULL_DISK:
        error.exit_code = 1
    return error
