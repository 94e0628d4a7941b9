"""Umpire's score calls for a single game of tennis."""

_NAMES = {0: "love", 1: "15", 2: "30", 3: "40"}


def _side(difference):
    return "server" if difference > 0 else "receiver"


def score_call(server, receiver):
    """Call for a game score, given the points won by server and receiver.

    A player who has won at least four points and leads by two has taken the
    game, called "game" followed by the winner.  When both players have three
    points or more, a level score is "deuce" and a one-point lead is
    "advantage" followed by the leader.  Otherwise the call names both
    scores, server first, and level scores are called "all" ("30 all").
    """
    if min(server, receiver) < 0:
        raise ValueError("points won cannot be negative")
    difference = server - receiver
    if max(server, receiver) >= 4 and abs(difference) >= 2:
        return "game " + _side(difference)
    if min(server, receiver) >= 3:
        return "deuce" if difference == 0 else "advantage " + _side(difference)
    if difference == 0:
        return _NAMES[server] + " all"
    return _NAMES[server] + "-" + _NAMES[receiver]


def play_game(points):
    """Replay a game from its point winners, "S" (server) or "R" (receiver).

    Gives back the list of calls, one after each point.  Play ends with the
    first "game" call, and any point recorded after that raises ValueError,
    as does a point winner other than "S" or "R".
    """
    tally = {"S": 0, "R": 0}
    calls = []
    finished = False
    for number, winner in enumerate(points, start=1):
        if finished:
            raise ValueError(f"point {number} played after the game ended")
        if winner not in tally:
            raise ValueError(f"unknown point winner {winner!r}")
        tally[winner] += 1
        call = score_call(tally["S"], tally["R"])
        finished = call.startswith("game")
        calls.append(call)
    return calls
