"""The comparison report: every reviewer beside the baselines, with intervals, as Markdown, HTML and data files.

    from redpen_bench.report.build import build_report
    build_report(["runs/compare-redpen-1a2b3c4d"], corpus, "reports/mine", seed=0)
"""
