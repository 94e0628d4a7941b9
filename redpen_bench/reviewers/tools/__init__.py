"""Static analyzers as reviewers: each tool is one module that runs it and one parser of its output."""
