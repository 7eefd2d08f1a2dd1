"""Large text enlarges everything, the score the most, and the header stays one line at
360 px in every look."""

from __future__ import annotations

import pytest

from tests.browser.helpers import close_game, first_screen

PARTS = [
    ".bar .brand",
    ".bar nav a",
    ".side-name",
    ".total",
    ".last-result",
    ".meta",
    ".stakes",
    ".step h1",
    ".lead-line",
    ".chip span",
    ".pick-head",
    "body",
]
SIZES = (
    "(parts) => parts.map(p => parseFloat(getComputedStyle(document.querySelector(p)).fontSize))"
)
LOOKS = ["", "large", "contrast", "large.contrast"]


def _sizes(page, url: str, look: str) -> list[float]:
    page.context.add_cookies([{"name": "look", "value": look, "url": url}])
    page.goto(url)
    return page.evaluate(SIZES, PARTS)


def test_large_text_enlarges_every_part_and_the_score_the_most(page, own_server):
    page.set_viewport_size({"width": 360, "height": 740})
    url = f"{own_server.url}/games/{close_game(own_server)}"
    plain, large = _sizes(page, url, ""), _sizes(page, url, "large")
    ratios = {part: big / small for part, small, big in zip(PARTS, plain, large, strict=True)}
    assert all(r > 1 for r in ratios.values()), ratios
    assert max(ratios, key=ratios.get) == ".total", ratios


@pytest.mark.parametrize("look", LOOKS)
def test_the_header_is_one_line_at_360_and_the_step_fits(page, own_server, look):
    page.set_viewport_size({"width": 360, "height": 740})
    url = f"{own_server.url}/games/{close_game(own_server)}"
    _sizes(page, url, look)
    assert page.locator("header.bar").evaluate("e => e.offsetHeight") <= 48
    first_screen(page, "Save bids")
