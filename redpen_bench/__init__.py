"""Red-Pen: can a code reviewer find a planted defect without crying wolf on correct code?

The public API is small and import-light (nothing heavy is imported here):

    from redpen_bench import api
    corpus = api.load_corpus()                       # the shipped corpus, or api.load_corpus("path")
    result = api.run(corpus, ["always-no", "ruff:bugs"])
    table = api.score([result.path])                # the one scored table
"""

__version__ = "0.1.0"
