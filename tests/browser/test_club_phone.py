"""A club night's director and players on a phone (360x740): the standings table fits
the screen, its numbers each on one line, on the director's page and the big screen."""

from __future__ import annotations

import pytest

from tests.browser.flows import overflowing, sideways
from tests.browser.helpers import shot
from tests.event_helpers import hands_at_each_table, night_started
from tests.live import Phone

PAIRS = [("North" + "n" * 12, "South" + "s" * 12)] + [(f"N{i}", f"S{i}") for i in range(1, 6)]


def _night_under_way(base: str) -> tuple[str, str]:
    """Six pairs, round 1 started, one hand played at each of the three tables."""
    event_id, screen, tables = night_started(Phone(base), PAIRS, target=500)
    hands_at_each_table(base, tables, hands=1)
    return event_id, screen


@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_the_standings_fit_a_phone(page, live_server, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    event_id, screen = _night_under_way(live_server)
    for name, path in (("director", f"/events/{event_id}"), ("screen", f"/events/screen/{screen}")):
        page.goto(live_server + path)
        shot(page, f"club-phone-{name}-{size[0]}")
        assert sideways(page) <= 0, (name, overflowing(page))
        # "+122" on one line, never a digit a line; "Diff" and "Pts" whole
        broken = page.locator(".standings th, .standings td").evaluate_all(
            """cells => cells.filter(c => c.colSpan === 1 && c.cellIndex !== 1).filter(c => {
                const range = document.createRange(); range.selectNodeContents(c);
                return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
            }).map(c => c.textContent)"""
        )
        assert broken == [], (name, broken)


@pytest.mark.parametrize("path", ["/events/series", "/events/new"])
def test_an_empty_standings_table_fits_a_phone(page, live_server, path):
    page.set_viewport_size({"width": 360, "height": 740})
    if path == "/events/new":  # the director's page before anyone checked in
        page.goto(f"{live_server}/events/new")
        page.locator("#name").fill("Tuesday club")
        page.get_by_role("button", name="Create the event").tap()
        page.wait_for_url(lambda url: not url.endswith("/events/new"))
    else:
        page.goto(live_server + path)
    assert page.locator(".standings td[colspan]").count() == 1
    assert sideways(page) <= 0, overflowing(page)
