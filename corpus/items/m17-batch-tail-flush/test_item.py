def check_original(module):
    batcher = module.Batcher(max_items=3)
    got = list(batcher.batches(range(8)))
    assert got == [[0, 1, 2], [3, 4, 5], [6, 7]], f"final partial batch missing: {got}"
    assert batcher.exhausted and batcher.records_emitted == 8 and batcher.batches_emitted == 3
    sized = module.Batcher(max_items=10, max_bytes=6)
    got = list(sized.batches(["ab", "cd", "ef", "g", "hij", "k"]))
    assert got == [["ab", "cd", "ef"], ["g", "hij", "k"]], got
    exact = module.Batcher(max_items=2)
    assert list(exact.batches("abcd")) == [["a", "b"], ["c", "d"]]
    assert list(module.Batcher(5).batches([])) == []


def check_disguised(module):
    tokens = "Dr . Smith arrived late . Was the train delayed ? Nobody knew why".split()
    got = module.split_sentences(tokens)
    expected = ["Dr. Smith arrived late.", "Was the train delayed?", "Nobody knew why"]
    assert got == expected, f"got {got!r}, expected {expected!r}"
    assert module.split_sentences(["Stop", "!"]) == ["Stop!"]
    assert module.sentence_lengths(["Yes", ".", "No"]) == [1, 1]
