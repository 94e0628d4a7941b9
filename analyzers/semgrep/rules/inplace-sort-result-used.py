import random


def ranked(scores):
    # ruleid: inplace-sort-result-used
    ordered = scores.sort(reverse=True)
    return ordered


def top(players):
    # ruleid: inplace-sort-result-used
    return players.sort(key=lambda p: p.score)[0]


def deal(cards):
    # ruleid: inplace-sort-result-used
    for card in random.shuffle(cards):
        print(card)


def ranked_ok(scores):
    # ok: inplace-sort-result-used
    scores.sort(reverse=True)
    # ok: inplace-sort-result-used
    fresh = sorted(scores)
    return scores, fresh


def newest(collection):
    # ok: inplace-sort-result-used
    return collection.find().sort("created", -1)
