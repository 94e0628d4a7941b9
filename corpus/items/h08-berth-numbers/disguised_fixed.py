"""Running count of the votes cast for each line of a printed ballot paper.

Ballot lines are numbered from 1 at the top of the paper. The count is an
array with one counter per line, in ballot order: index 0 counts line 1.
"""
from array import array


def index_of(line, lines):
    """Array index of a ballot line; numbers the paper does not have are refused."""
    if line < 1 or line > lines:
        raise ValueError(f"the ballot has no line {line}")
    return line - 1


def line_of(index):
    return index + 1


class BallotCount:
    __slots__ = ("votes",)

    def __init__(self, lines):
        self.votes = array("L", [0]) * lines

    def add(self, line, ballots=1):
        self.votes[index_of(line, len(self.votes))] += ballots

    def votes_for(self, line):
        return self.votes[index_of(line, len(self.votes))]

    def leader(self):
        """Line with the most votes (the one higher on the paper on a tie),
        or None while no vote has been counted."""
        if not any(self.votes):
            return None
        return line_of(max(range(len(self.votes)), key=self.votes.__getitem__))

    def standings(self):
        """(line, votes) for every line that received votes, in ballot order."""
        return [(line_of(index), n) for index, n in enumerate(self.votes) if n]
