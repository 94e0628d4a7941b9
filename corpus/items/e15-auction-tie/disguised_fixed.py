"""Season leaderboard for a climbing gym: each climber is ranked by their best score.

Climbers with the same best score are ordered by who reached that score first.
"""


class Leaderboard:
    def __init__(self):
        self._best = {}  # climber -> (score, round in which it was first reached)

    def submit(self, climber, score, round_no):
        """Record a result; rounds are submitted in chronological order."""
        previous = self._best.get(climber)
        if previous is None or score > previous[0]:
            self._best[climber] = (score, round_no)

    def standings(self):
        """Climbers from first to last place."""
        entries = sorted(self._best.items(), key=lambda kv: (-kv[1][0], kv[1][1], kv[0]))
        return [climber for climber, _ in entries]

    def place_of(self, climber):
        return self.standings().index(climber) + 1

    def podium(self):
        return self.standings()[:3]


def load_results(rows):
    """Build a leaderboard from (round, climber, score) rows in any order."""
    board = Leaderboard()
    for round_no, climber, score in sorted(rows):
        board.submit(climber, score, round_no)
    return board
