"""`redpen-bench harvest REPO`: a project's own test-verified bug fixes as a corpus (docs/harvest.md)."""
