"""A club night's round in the real browser at phone size: the director re-seats a table
mid-round, and the round clock runs out on the table phone and the big screen."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.helpers import PHONE, assert_accessible, shot
from tests.event_helpers import event_form
from tests.live import Phone

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}


def _night(base: str, **extra: object) -> tuple[str, str, list[str]]:
    """An individual night of five players, round 1 started; its id, screen and tables."""
    desk = Phone(base)
    desk.request("/events/new")
    form = event_form(format="individual", **extra)
    status, headers, text = desk.request("/events/new", form)
    assert status == 302, text[:500]
    event_id = headers["Location"].rsplit("/", 1)[-1]
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        desk.request(f"/events/{event_id}")
        desk.request(f"/events/{event_id}/checkin", {"player_0": name})
    for action in ("draw", "start"):
        _, _, page = desk.request(f"/events/{event_id}")
        revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
        status, _, _ = desk.request(f"/events/{event_id}/{action}", {"revision": revision})
        assert status == 302
    _, _, page = desk.request(f"/events/{event_id}")
    view = re.search(r'/events/screen/([\w-]+)"', page).group(1)
    _, _, tents = desk.request(f"/events/{event_id}/rounds/1/tables")
    return event_id, view, re.findall(r'href="(/events/table/[\w-]+)"', tents)


def test_the_director_reseats_a_table_at_phone_size(browser, live_server):
    event_id, _, _ = _night(live_server)
    for size, name in ((PHONE, "Zoe"), (SMALL, "Yan")):
        context = browser.new_context(**size)
        try:
            page = context.new_page()
            page.set_default_timeout(10_000)
            page.goto(f"{live_server}/events/{event_id}")
            form = page.locator("form.reseat")
            leaving = form.get_by_label("Seat").locator("option").first.inner_text()
            form.get_by_label("Seat").select_option(index=0)
            form.get_by_label("Who sits there now").fill(name)
            form.get_by_role("button", name="Re-seat").tap()
            sitting = leaving.split(": ", 1)[1]
            expect(page.get_by_text(f"Table 1: {name} sits in for {sitting}.")).to_be_visible()
            expect(form.get_by_label("Seat")).to_contain_text(f"Table 1: {name}")
            width = size["viewport"]["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert_accessible(page, f"club-reseat-{width}")
        finally:
            context.close()


def test_a_stale_reseat_is_told(browser, live_server):
    event_id, _, _ = _night(live_server)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server}/events/{event_id}")
        other = Phone(live_server)  # the director's laptop changes the event meanwhile
        other.request(f"/events/{event_id}")
        other.request(f"/events/{event_id}/checkin", {"player_0": "Flo"})
        form = page.locator("form.reseat")
        form.get_by_label("Who sits there now").fill("Zoe")
        form.get_by_role("button", name="Re-seat").tap()
        expect(page.get_by_text("The event changed on another device")).to_be_visible()
        expect(form.get_by_label("Seat")).not_to_contain_text("Zoe")
        shot(page, "club-reseat-stale")
    finally:
        context.close()
