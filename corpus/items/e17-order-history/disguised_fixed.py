"""Music library views: tracks ranked by listener rating."""


class Track:
    __slots__ = ("title", "artist", "stars", "plays")

    def __init__(self, title, artist, stars, plays=0):
        self.title = title
        self.artist = artist
        self.stars = stars  # 0.0 to 5.0
        self.plays = plays

    def __repr__(self):
        return f"Track({self.title!r}, {self.stars})"


class Library:
    def __init__(self, tracks=()):
        self.tracks = list(tracks)

    def add(self, track):
        self.tracks.append(track)

    def by_rating(self, ascending=False, min_plays=0):
        """Tracks with at least `min_plays` plays, best rated first by default."""
        pool = [t for t in self.tracks if t.plays >= min_plays]
        return sorted(pool, key=lambda t: t.stars, reverse=not ascending)

    def top(self, n, min_plays=0):
        return self.by_rating(min_plays=min_plays)[:n]

    def by_artist(self):
        """Artist -> that artist's tracks, best rated first."""
        grouped = {}
        for track in self.by_rating():
            grouped.setdefault(track.artist, []).append(track)
        return grouped
