"""The comparison report: every reviewer beside the baselines, with intervals, as Markdown, HTML and data files.

    from redpen_bench.report.build import build_report
    build_report(["runs/compare-redpen-1a2b3c4d"], corpus, "reports/mine", seed=0)
"""

DEFAULT_REPLICATES = 2000  # bootstrap resamples; here, not in stats.py, so the command line reads it without numpy
