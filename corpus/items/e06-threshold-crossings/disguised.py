"""Word-to-word transition statistics for a simple text model."""

import re
from collections import Counter, defaultdict

TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")


def tokens(text):
    return TOKEN.findall(text.lower())


def transitions(text):
    """Counter of (word, next word) pairs over the whole text."""
    words = tokens(text)
    pairs = Counter()
    end = len(words) - 1
    k = 1
    while k < end:
        pairs[words[k - 1], words[k]] += 1
        k += 1
    return pairs


def successors(text):
    """For each word, the words that follow it with their probabilities."""
    table = defaultdict(dict)
    outgoing = Counter()
    counted = transitions(text)
    for (word, _), n in counted.items():
        outgoing[word] += n
    for (word, nxt), n in counted.items():
        table[word][nxt] = n / outgoing[word]
    return dict(table)


def likeliest_next(text, word):
    """Most frequent follower of `word` (alphabetical on ties), or None."""
    options = successors(text).get(word.lower(), {})
    if not options:
        return None
    return min(options, key=lambda w: (-options[w], w))
