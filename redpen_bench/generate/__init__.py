"""Mutant generation: pure source transformations (operators, excerpts, mechanism keywords)."""
