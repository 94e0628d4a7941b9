"""report.html in a real browser: Debian's headless Chromium (installed by .ci/run) opens it with no console
error, no failed load and no blocked script, shows the leaderboard and the charts, and keeps markup from
snippets and answers as text. Skipped, with the reason, where no Chromium is installed."""

from __future__ import annotations

import json

import pytest

from tests.browser import Chromium, find_chromium
from tests.report_fixtures import EVIL_ANSWER, EVIL_CODE, make_evil_report

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium found (chromium, chromium-browser, google-chrome): apt-get install chromium")

PROBES = {
    "leaderboard_rows": "document.querySelectorAll('#leaderboard tbody tr').length",
    "reviewers_shown": "[...document.querySelectorAll('#leaderboard tbody tr td.name')].map(td => td.textContent)",
    "charts": "[...document.querySelectorAll('figure.chart svg')].map(s => s.getBoundingClientRect().width > 200)"
              ".filter(Boolean).length",
    "threshold_row": "document.querySelector('#leaderboard tr.threshold td.name').textContent",
    "text": "document.body.textContent",
    "scripts": "document.scripts.length",
    "images": "document.images.length",
    # last: unfold every <details> so the screenshot shows the metrics and the false positives too
    "unfolded": "[...document.querySelectorAll('details')].map(d => d.open = true).length",
}


@pytest.fixture(scope="module")
def browser():
    with Chromium(CHROMIUM) as chromium:
        yield chromium


def test_the_check_can_fail(browser, tmp_path):
    """A page with a console error, an uncaught exception and a resource from a CDN is caught three times."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html><head><meta charset="utf-8"><title>bad</title></head><body><p>x</p>'
                   '<script>console.error("deliberate"); notDefined();</script>'
                   '<img src="https://cdn.invalid/chart.png"></body></html>')
    errors = browser.open(bad, {}).errors
    assert any("deliberate" in e for e in errors), errors
    assert any("notDefined" in e for e in errors), errors
    assert any("cdn.invalid" in e for e in errors), errors
    good = tmp_path / "good.html"
    good.write_text('<!DOCTYPE html><html><head><meta charset="utf-8"><title>ok</title></head><body>ok</body></html>')
    assert browser.open(good, {}).errors == []


def test_a_blocked_inline_script_is_an_error_too(browser, tmp_path):
    """The report's Content-Security-Policy blocks scripts; a blocked one is reported, so an escaping slip that
    let a script tag through would fail the browser test even though the script never ran."""
    from redpen_bench.report.html import CSP

    page = tmp_path / "csp.html"
    page.write_text(f'<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" '
                    f'content="{CSP}"><title>t</title></head><body><script>document.title="ran"</script></body></html>')
    result = browser.open(page, {"title": "document.title"})
    assert result.values["title"] == "t"
    assert any("Content Security Policy" in e for e in result.errors), result.errors


def test_report_renders_without_errors(browser, tmp_path):
    report = make_evil_report(tmp_path)
    manifest = json.loads((report / "manifest.json").read_text())
    result = browser.open(report / "report.html", PROBES)
    (tmp_path / "report.png").write_bytes(result.screenshot)
    assert result.errors == []
    values = result.values
    # the run's 4 reviewers and the 2 baselines the report adds as score does (always-yes, random)
    assert values["leaderboard_rows"] == len(manifest["reviewers"]) == 6
    assert set(values["reviewers_shown"]) == set(manifest["reviewers"])
    assert values["threshold_row"] == "always-no"
    assert values["charts"] >= 3
    assert values["scripts"] == 0 and values["images"] == 0  # the markup in the input stayed text
    assert EVIL_CODE in values["text"] and EVIL_ANSWER in values["text"]
    assert result.screenshot.startswith(b"\x89PNG") and len(result.screenshot) > 20_000
    assert values["unfolded"] >= 3
