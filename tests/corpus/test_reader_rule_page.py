"""The rule page reads like a reader's page: the same rule in the other languages first, with their
texts (side by side on a wide screen, within the first screen at 1280×800), then its history as runs
of one number, then citations and scenarios, long lists folded; in headless Chromium and as HTML."""

from __future__ import annotations

import gzip

from tests.corpus.test_reader_browser import browser, by, server  # noqa: F401  (fixtures)
from tests.reader_fixtures import HTML, client, page, reader_db  # noqa: F401  (fixtures)

FIRST_SCREEN = (1280, 800)


def test_translations_come_first_then_the_history_as_runs(client):  # noqa: F811
    dom = page(client, "/rules/702.26b")
    order = [h2.get("id") for h2 in dom.find_all("h2")]
    assert order.index("translations-heading") < order.index("versions-heading") < order.index("cites-heading")
    boxes = dom.select("section.translations div.translation")
    heads = [box.find("h3").get_text(" ", strip=True) for box in boxes]
    assert heads[:2] == ["Japanese, January 16, 2026 : 702.26b", "Chinese, April 17, 2026 : 702.26b"]
    assert "フェイズ・アウト" in boxes[0].get_text() and "跃离" in boxes[1].get_text()
    assert any(h.startswith("German, undated (inferred): 702.23b") for h in heads)
    runs = [li.get_text(" ", strip=True) for li in dom.select("ol.runs > li")]
    assert runs[0].startswith("702.23b from July 16, 2010")
    assert runs[-1].startswith("702.26b from November 17, 2023") and "(today)" in runs[-1]
    assert [a["href"] for a in dom.select("ol.runs > li > a")][0] == "/rules/702.23b?edition=MagicCompRules_20100716"


def test_the_page_is_small(client):  # noqa: F811
    response = client.get("/rules/702.26b", headers={**HTML, "accept-encoding": "gzip"})
    assert len(gzip.compress(response.content)) < 150_000


def test_translations_within_the_first_screen_side_by_side(browser, server):  # noqa: F811
    browser.set_window_size(*FIRST_SCREEN)
    try:
        browser.get(f"{server}/rules/702.26b")
        boxes = browser.find_elements(by("CSS_SELECTOR"), "section.translations div.translation")
        inner = browser.execute_script("return window.innerHeight")
        tops = [browser.execute_script("return arguments[0].getBoundingClientRect().top", box) for box in boxes]
        assert len(boxes) >= 2 and tops[0] < inner  # the first translation starts on the first screen
        assert abs(tops[0] - tops[1]) < 1  # the Japanese and the Chinese text side by side
        browser.set_window_size(390, 844)
        tops = [browser.execute_script("return arguments[0].getBoundingClientRect().top", box) for box in boxes[:2]]
        assert tops[1] > tops[0]  # stacked on a phone
    finally:
        browser.set_window_size(1280, 900)
