"""A director runs a 6-table night from a phone (issue 26, item 7): draws and starts the
round, a table ends, ends another table's game and calls time, each with its second
"Yes"; after each action the page is back at the part acted on, with no sideways
scroll, at 390x844 and at 360x740."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.helpers import ARTIFACTS, PHONE, shot
from tests.event_helpers import event_form, hands_at_each_table
from tests.live import Phone

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
PAIRS = [(f"North{i}", f"South{i}") for i in range(1, 13)]  # 6 tables


def _checked_in(base: str) -> str:
    desk = Phone(base)
    desk.request("/events/new")
    status, headers, _ = desk.request("/events/new", event_form(round_minutes=30))
    assert status == 302
    event_id = headers["Location"].rsplit("/", 1)[-1]
    for pair in PAIRS:
        desk.request(f"/events/{event_id}")
        desk.request(f"/events/{event_id}/checkin", {"player_0": pair[0], "player_1": pair[1]})
    return event_id


def _fits(page: Page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _back_at(page: Page, anchor: str) -> None:
    expect(page).to_have_url(re.compile(f"[?]at={anchor}"))  # the part acted on, named
    expect(page.locator(f"#{anchor}")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 0
    _fits(page)
    width = page.viewport_size["width"]  # what the director sees: the screen, not the page
    page.screenshot(path=str(ARTIFACTS / f"director-phone-at-{anchor}-{width}.png"))


def test_a_six_table_night_from_the_directors_phone(browser, live_server):
    for size in (PHONE, SMALL):
        width = size["viewport"]["width"]
        event_id = _checked_in(live_server)
        context = browser.new_context(**size)
        try:
            page = context.new_page()
            page.set_default_timeout(10_000)
            page.goto(f"{live_server}/events/{event_id}")
            _fits(page)
            shot(page, f"director-phone-checkin-{width}")
            page.get_by_role("button", name="Draw round 1").tap()
            expect(page.get_by_text("Round drawn")).to_be_visible()
            _fits(page)
            page.get_by_role("button", name="Start round 1").tap()
            expect(page.get_by_text("Round started")).to_be_visible()
            expect(page.locator("#checkin-fold")).not_to_have_attribute("open", "")
            shot(page, f"director-phone-started-{width}")
            tables = page.locator("#director-tables a", has_text="Table page")
            first = tables.first.get_attribute("href")
            hands_at_each_table(live_server, [first], 2)  # table 1 reaches 100 first
            hands_at_each_table(live_server, [tables.nth(3).get_attribute("href")], 1)
            page.reload()
            expect(page.locator("#table-1")).to_contain_text("Finished: ")
            table = page.locator("#table-4")
            table.get_by_role("button", name="End this game", exact=True).tap()
            table.get_by_role("button", name="Yes, end this game").tap()
            expect(page.get_by_text("Table 4's game ended")).to_be_visible()
            _back_at(page, "table-4")
            shot(page, f"director-phone-ended-{width}")
            page.get_by_role("button", name="Call time now", exact=True).tap()
            page.get_by_role("button", name="Yes, call time").tap()
            expect(page.get_by_text("Time called")).to_be_visible()
            _back_at(page, "round")
            expect(page.locator("#table-2")).to_contain_text("finishing hand 1, the last")
            shot(page, f"director-phone-called-{width}")
        finally:
            context.close()
