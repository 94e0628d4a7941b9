def check_original(module):
    assert module.score_call(0, 0) == "love all"
    assert module.score_call(2, 1) == "30-15"
    assert module.score_call(0, 3) == "love-40"
    assert module.score_call(4, 1) == "game server"
    assert module.score_call(2, 4) == "game receiver"
    got = module.score_call(3, 3)
    assert got == "deuce", f"deuce call not returned: got {got!r}"
    assert module.score_call(5, 4) == "advantage server"
    assert module.score_call(3, 4) == "advantage receiver"
    assert module.score_call(6, 4) == "game server"
    calls = module.play_game("SSSRRRSRRR")
    assert calls[-5:] == ["deuce", "advantage server", "deuce",
                          "advantage receiver", "game receiver"], calls
    assert module.play_game("SRS") == ["15-love", "15 all", "30-15"]
    try:
        module.play_game("SSSSS")
    except ValueError:
        pass
    else:
        raise AssertionError("point after the game ended was accepted")
    try:
        module.score_call(-1, 0)
    except ValueError:
        pass
    else:
        raise AssertionError("negative points accepted")


def check_disguised(module):
    got = module.marginal_rate(50_000)
    assert got == 0.22, f"bracket rate not returned: got {got!r}, expected 0.22"
    assert module.marginal_rate(10_000) == 0.10, module.marginal_rate(10_000)
    assert module.marginal_rate(60_000, "joint", region="metro") == 0.135
    assert module.marginal_rate(1_000_000) == 0.37
    assert module.marginal_rate(1_000_000, region="metro") == 0.38
