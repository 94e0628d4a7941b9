"""Species diversity of vegetation quadrats from a field ecology survey."""

import math
from collections import Counter


class Quadrat:
    """Plant tallies recorded in one survey quadrat, keyed by species name."""

    def __init__(self, site, tallies=()):
        self.site = site
        self.counts = Counter()
        for species, n in tallies:
            self.record(species, n)

    def record(self, species, n=1):
        if n < 0:
            raise ValueError(f"negative tally for {species}")
        self.counts[species] += n

    def richness(self):
        """Number of species with at least one individual recorded."""
        return sum(1 for n in self.counts.values() if n > 0)

    def shannon(self):
        """Shannon diversity index H' in nats.

        Zero for a single-species quadrat and larger the more species there
        are and the more evenly individuals spread over them.
        """
        individuals = sum(self.counts.values())
        if individuals == 0:
            raise ValueError(f"quadrat {self.site} has no records")
        h = 0.0
        for n in self.counts.values():
            if n:
                share = n / individuals
                h += share * math.log(share)
        return -h

    def evenness(self):
        """Pielou's evenness H' / ln(S): 1.0 when every species is equally common."""
        s = self.richness()
        if s < 2:
            raise ValueError("evenness needs at least two species")
        return self.shannon() / math.log(s)

    def effective_species(self):
        """exp(H'): how many equally common species would give the same diversity."""
        return math.exp(self.shannon())


def most_diverse(quadrats):
    """The quadrat with the highest Shannon index (the earliest one on ties)."""
    return max(quadrats, key=lambda q: q.shannon())
