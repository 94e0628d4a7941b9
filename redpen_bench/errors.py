"""Errors that mean "the input is wrong", shown as one line naming the file and field, exit code 2."""


class InputError(Exception):
    """Bad input from the user: a corpus, a run folder, a profile, a verdict file, a flag."""

    exit_code = 2
