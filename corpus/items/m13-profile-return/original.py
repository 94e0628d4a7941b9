"""Umpire's score calls for a single game of tennis."""

CALLS = ("love", "15", "30", "40")


def score_call(server, receiver):
    """Call for a game score, given the points won by server and receiver.

    Below three points each, the call names both scores, server first, and
    level scores are called "all" ("15 all").  Once both players have three
    points, level scores are "deuce" and a one-point lead is "advantage"
    followed by the leader.  A player with at least four points and a lead
    of two has won the game: "game" followed by the winner.
    """
    if server < 0 or receiver < 0:
        raise ValueError("points won cannot be negative")
    lead = server - receiver
    leader = "server" if lead > 0 else "receiver"
    if server >= 3 and receiver >= 3:
        if lead == 0:
            call = "deuce"
        elif abs(lead) == 1:
            call = f"advantage {leader}"
        else:
            call = f"game {leader}"
    elif max(server, receiver) >= 4:
        return f"game {leader}"
    elif lead == 0:
        return f"{CALLS[server]} all"
    else:
        return f"{CALLS[server]}-{CALLS[receiver]}"


def play_game(points):
    """Replay a game from its point winners, "S" (server) or "R" (receiver).

    Returns the call made after each point.  The game stops at the first
    "game" call; a point played after it is rejected with ValueError.
    """
    server = receiver = 0
    calls = []
    for number, winner in enumerate(points, start=1):
        if calls and calls[-1].startswith("game"):
            raise ValueError(f"point {number} played after the game ended")
        if winner == "S":
            server += 1
        elif winner == "R":
            receiver += 1
        else:
            raise ValueError(f"unknown point winner {winner!r}")
        calls.append(score_call(server, receiver))
    return calls
