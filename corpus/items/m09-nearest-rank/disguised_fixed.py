"""Offers for a selective summer programme, made from assessment scores."""

import math


def cutoff_score(scores: dict[str, float], top_percent: float) -> float:
    """Lowest score that still earns an offer when the top `top_percent`
    percent of applicants are admitted.

    At least `top_percent` percent of the applicants receive an offer, and
    applicants tied with the cutoff score are admitted as well.
    """
    if not 0 < top_percent <= 100:
        raise ValueError("top_percent must be in (0, 100]")
    if not scores:
        raise ValueError("no applicants")
    best_first = sorted(scores.values(), reverse=True)
    places = math.ceil(top_percent * len(best_first) / 100)
    return best_first[places - 1]


def offers(scores: dict[str, float], top_percent: float) -> list[str]:
    """Applicants who receive an offer, best score first, then by name."""
    bar = cutoff_score(scores, top_percent)
    chosen = [name for name, score in scores.items() if score >= bar]
    return sorted(chosen, key=lambda name: (-scores[name], name))


def offer_summary(scores: dict[str, float], top_percent: float) -> tuple[int, float]:
    """Number of offers and the mean score of those admitted."""
    admitted = offers(scores, top_percent)
    return len(admitted), math.fsum(scores[name] for name in admitted) / len(admitted)
