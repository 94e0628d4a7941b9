"""Stroke-play scorecards built from a round's shot log.

Every shot a player plays counts one stroke.  A shot that finishes in a
penalty area or out of bounds costs one penalty stroke on top of it.  The
card keeps the strokes per hole and reports the score against par.
"""

PENALTY_LIES = frozenset({"water", "out of bounds", "unplayable"})


def _penalised(lie):
    """Whether a shot finishing in this lie draws a penalty stroke."""
    return lie not in PENALTY_LIES


class Scorecard:
    def __init__(self, player, pars):
        self.player = player
        self.pars = tuple(pars)
        self.strokes = [0] * len(self.pars)

    def play(self, hole, lie):
        """Log one shot on a hole (numbered from 1) and the lie it finished in."""
        if not 1 <= hole <= len(self.pars):
            raise ValueError(f"the course has no hole {hole}")
        if _penalised(lie):
            self.strokes[hole - 1] += 1

    def total(self):
        return sum(self.strokes)

    def to_par(self):
        """Score against par over the holes played so far, e.g. "+2", "-1" or "E"."""
        played = [i for i, n in enumerate(self.strokes) if n]
        diff = sum(self.strokes[i] - self.pars[i] for i in played)
        if diff == 0:
            return "E"
        return f"{diff:+d}"

    def card(self):
        """(hole, par, strokes) for every hole played so far, in hole order."""
        return [(i + 1, par, n) for i, (par, n) in enumerate(zip(self.pars, self.strokes)) if n]
