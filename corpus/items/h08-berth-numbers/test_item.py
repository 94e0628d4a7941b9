"""Killability check for h08-berth-numbers.

Killing input: mooring at one of the two highest-numbered berths, e.g. berth
6 of 6. Berth numbers are turned into list slots with `+ 1` instead of `- 1`
and slots back into berth numbers with `- 1` instead of `+ 1`, so every
berth sits two slots further along than intended and reads back under its
own number: lower berths behave. Berths N - 1 and N map past the end of the
list and raise IndexError although they are on the pontoon. The disguise
fails the same way for the last two lines of a ballot paper.
"""


def _raises(exc, fn, *args):
    try:
        fn(*args)
    except exc:
        return True
    return False


def check_original(m):
    marina = m.Marina(6)
    marina.moor(2, "Aurora")
    marina.moor(4, "Brise")
    marina.moor(1, "Cygnet")
    got = marina.occupied()
    assert got == {1: "Cygnet", 2: "Aurora", 4: "Brise"}, f"occupied() gave {got}"
    assert marina.boat_at(4) == "Brise" and marina.boat_at(3) is None
    assert marina.find("Brise") == 4 and marina.find("Nautilus") is None
    assert marina.vacancies() == 3
    assert _raises(m.BerthTaken, marina.moor, 2, "Dolphin"), "two boats in berth 2"
    assert marina.depart(2) == "Aurora" and _raises(KeyError, marina.depart, 2)
    assert _raises(ValueError, marina.moor, 0, "Echo") and _raises(ValueError, marina.moor, 7, "Echo")
    marina.moor(6, "Fulmar")
    marina.moor(5, "Gannet")
    got = marina.occupied()
    assert got == {1: "Cygnet", 4: "Brise", 5: "Gannet", 6: "Fulmar"}, f"occupied() gave {got}"
    assert marina.find("Fulmar") == 6 and marina.vacancies() == 2


def check_disguised(m):
    count = m.BallotCount(10)
    assert count.leader() is None and count.standings() == []
    for line, ballots in ((3, 4), (1, 2), (7, 4), (3, 1)):
        count.add(line, ballots)
    assert count.votes_for(3) == 5 and count.votes_for(2) == 0
    assert count.standings() == [(1, 2), (3, 5), (7, 4)], count.standings()
    assert count.leader() == 3, count.leader()
    assert _raises(ValueError, count.add, 0) and _raises(ValueError, count.add, 11)
    count.add(10, 9)
    assert count.leader() == 10 and count.votes_for(10) == 9, count.standings()
