"""The charts are written as SVG text without matplotlib: the ticks and colours it would choose, well-formed
documents with every reviewer named as text, and the same bytes for the same data."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.report import svg
from tests.report_fixtures import EVIL_NAME, make_evil_report

SVG = "{http://www.w3.org/2000/svg}"


@settings(max_examples=300, deadline=None)
@given(st.floats(-300, 300), st.floats(0.01, 600))
def test_ticks_are_the_ones_matplotlib_picks(low, span):
    ticker = pytest.importorskip("matplotlib.ticker")
    high = low + span
    locator = ticker.MaxNLocator(nbins=9, steps=[1, 2, 2.5, 5, 10])  # its default locator on these axes
    expected = [round(t, 9) + 0.0 for t in locator.tick_values(low, high) if low - 1e-9 <= t <= high + 1e-9]
    assert [round(t, 9) for t in svg.nice_ticks(low, high)] == expected


def test_heat_map_colours_are_matplotlibs_rdylgn():
    matplotlib = pytest.importorskip("matplotlib")
    from matplotlib import colors

    colormap = matplotlib.colormaps["RdYlGn"]
    for k in range(-20, 1021):
        value = k / 1000
        assert svg.rdylgn(value) == colors.to_hex(colormap(min(max(value, 0.0), 1.0))), value


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return make_evil_report(tmp_path_factory.mktemp("charts"))


def test_charts_are_well_formed_and_name_every_reviewer_as_text(report):
    names = {p.stem for p in (report / "charts").glob("*.svg")}
    assert names == {"leaderboard", "detection-vs-fpr", "operators", "original-vs-disguised"}
    for name in names:
        root = ET.parse(report / "charts" / f"{name}.svg").getroot()  # escaped markup parses as text
        assert root.tag == f"{SVG}svg" and float(root.get("width").removesuffix("pt")) > 200
        texts = [t.text for t in root.iter(f"{SVG}text")]
        if name != "detection-vs-fpr":  # the scatter groups names that share a spot
            assert EVIL_NAME in texts and "plain" in texts, name


def test_the_same_data_gives_the_same_bytes(report, tmp_path):
    again = make_evil_report(tmp_path)
    for chart in (report / "charts").glob("*.svg"):
        assert chart.read_bytes() == (again / "charts" / chart.name).read_bytes(), chart.name
