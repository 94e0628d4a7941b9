"""LLM reviewers: the shared prompt, pool and cost, and one thin module per provider SDK."""
