"""At 360x740 (issue 39): the bar's links stay on one line in Spanish ("Partida nueva"),
and a radio button keeps its size and its 44 px row when its label wraps."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import shot
from tests.browser.speech import say, suffix

NARROW = {"width": 360, "height": 740}
PAGES = ["/games", "/games/new", "/stats", "/clubs/new", "/events/new"]

# Each link of the bar: its text's height, in lines of its own line height.
BAR_LINES = """() => [...document.querySelectorAll('.bar a')].map(a => {
  const range = document.createRange(); range.selectNodeContents(a);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  return [a.textContent.trim(), lines, Math.round(a.getBoundingClientRect().right)];
})"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_bars_links_stay_on_one_line_at_360(browser, own_server, lang):
    context = browser.new_context(viewport=NARROW, device_scale_factor=2, is_mobile=True)
    from tests.browser.speech import speak

    speak(context, lang, "127.0.0.1")
    page = context.new_page()
    try:
        for path in PAGES:
            page.goto(own_server.url + path)
            expect(page.locator(".bar")).to_be_visible()
            links = page.evaluate(BAR_LINES)
            for text, lines, right in links:
                assert lines == 1, (path, text, links)
                assert right <= 360, (path, text, links)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
        page.goto(own_server.url + "/games")
        nav = page.locator(".bar nav")
        expect(nav.get_by_role("link", name=say(lang, "New game"), exact=True)).to_be_visible()
        shot(page, f"bar-360{suffix(lang)}")
    finally:
        context.close()


# Each radio of the page: its own size, and the height of the row (its label) it sits in.
RADIOS = """() => [...document.querySelectorAll('label.choice')]
  .filter(l => l.checkVisibility())
  .map(l => { const input = l.querySelector('input[type=radio]'); if (!input) return null;
    const box = input.getBoundingClientRect(), row = l.getBoundingClientRect();
    const span = l.querySelector('span'), range = document.createRange();
    range.selectNodeContents(span || l);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    return [l.textContent.trim(), box.width, box.height, row.height, lines]; })
  .filter(Boolean)"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_radio_keeps_its_size_when_its_label_wraps(browser, own_server, lang):
    context = browser.new_context(viewport=NARROW, device_scale_factor=2, is_mobile=True)
    from tests.browser.speech import speak

    speak(context, lang, "127.0.0.1")
    page = context.new_page()
    try:
        wrapped = 0
        for path in ("/games/new", "/events/new"):
            page.goto(own_server.url + path)
            for summary in page.locator("details:not([open]) > summary").all():
                if summary.is_visible():
                    summary.click()  # every fold open: its radios shown
            radios = page.evaluate(RADIOS)
            assert radios, path
            for text, width, height, row, lines in radios:
                assert (width, height) == (24, 24), (path, text, width, height)
                assert row >= 44, (path, text, row)
                wrapped += lines > 1
            shot(page, f"radios-360{path.replace('/', '-')}{suffix(lang)}")
        assert wrapped, "no label wrapped: the test would prove nothing"
    finally:
        context.close()
