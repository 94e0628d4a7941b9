"""Sentence segmentation over a pre-tokenised text stream."""

ENDINGS = {".", "!", "?"}
ABBREVIATIONS = {"dr", "mr", "mrs", "ms", "prof", "etc", "vs", "st"}
CLOSING = {",", ";", ":", ")", "'s"}


def _detokenize(tokens):
    text = ""
    for tok in tokens:
        if text and tok not in ENDINGS and tok not in CLOSING:
            text += " "
        text += tok
    return text


def split_sentences(tokens):
    """Group tokens into sentence strings, not breaking after a known abbreviation."""
    tokens = list(tokens)
    sentences = []
    current = []
    for position, token in enumerate(tokens):
        current.append(token)
        if token not in ENDINGS:
            continue
        previous = tokens[position - 1].lower() if position else ""
        if token == "." and previous in ABBREVIATIONS:
            continue
        sentences.append(_detokenize(current))
        current = []
    return sentences


def sentence_lengths(tokens):
    return [len(sentence.split()) for sentence in split_sentences(tokens)]
