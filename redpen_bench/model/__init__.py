"""The data model: a corpus and its snippets, a verdict and its parser, keyword phrases, verdict rows."""
