"""Uniform tile grid for nearby-point lookups on a planar map."""

import math


class TileGrid:
    def __init__(self, tile_size):
        if tile_size <= 0:
            raise ValueError("tile_size must be positive")
        self.tile_size = tile_size
        self._tiles = {}

    def tile_of(self, x, y):
        """(column, row) of the tile covering the point; tiles are tile_size squares from (0, 0)."""
        return int(x / self.tile_size), int(y / self.tile_size)

    def insert(self, key, x, y):
        self._tiles.setdefault(self.tile_of(x, y), []).append((key, x, y))

    def candidates(self, x, y):
        """Points in the tile containing (x, y) and its eight neighbours."""
        col, row = self.tile_of(x, y)
        found = []
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                found.extend(self._tiles.get((col + dc, row + dr), ()))
        return found

    def within(self, x, y, radius):
        """Keys of points at most radius away; radius must not exceed tile_size."""
        if radius > self.tile_size:
            raise ValueError("radius larger than one tile")
        hits = [key for key, px, py in self.candidates(x, y) if math.hypot(px - x, py - y) <= radius]
        return sorted(hits)
