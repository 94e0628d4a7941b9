def check_original(module):
    Bid = module.Bid
    bids = [Bid("carol", 5000, 3), Bid("alice", 5000, 1), Bid("bob", 4000, 2)]
    best = module.winning_bid(bids)
    assert best is not None and best.bidder == "alice", f"tie should go to the earliest bid, got {best}"
    assert module.winning_bid(bids, reserve_cents=6000) is None
    higher = bids + [Bid("dave", 5100, 4)]
    assert module.winning_bid(higher).bidder == "dave"
    results = module.close_auction(
        {"lamp": bids, "vase": [Bid("erin", 900, 5), Bid("fay", 900, 6)], "rug": [Bid("gus", 100, 7)]},
        reserves={"rug": 500},
    )
    assert results == {"lamp": ("alice", 5000), "vase": ("erin", 900), "rug": None}, f"results {results}"
    assert module.revenue(results) == (5900, 590)


def check_disguised(module):
    board = module.load_results([
        (1, "mia", 80), (1, "noah", 70),
        (2, "noah", 80), (2, "mia", 75),
        (3, "mia", 80), (3, "olga", 60),
    ])
    got = board.standings()
    assert got == ["mia", "noah", "olga"], f"standings {got}"
    assert board.place_of("noah") == 2
    board.submit("noah", 85, 4)
    assert board.podium() == ["noah", "mia", "olga"], board.podium()
