"""`redpen-bench tune`: choose an analyzer's rules on the corpus and report what the choice is worth on items it
was not chosen on. table.py (the rule x snippet firing table), search.py (greedy / exact search, grouped
cross-validation), profiles.py (each tool's all-rules settings and the tuned profile file), run.py (running the
tool), pipeline.py (the whole tuning). docs/tune.md explains the method."""
