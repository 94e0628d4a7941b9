"""Running reviewers into run folders: folders, the runner, the verdict cache, shared tool runs, combining rows
(ensembles) and importing rows (replay)."""
