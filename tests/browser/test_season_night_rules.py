"""A season's manager starts a night's club night on a phone under the league's house
rules: one chooser above the nights, then the night's own button (which stands outside
the form it sends: its `form` attribute names it)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import overflowing, sideways
from tests.browser.helpers import shot


def test_a_season_night_is_started_under_the_rules_chosen(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server}/clubs/new")
    page.get_by_label("Name").fill("Thursday Spades")
    page.get_by_role("button", name="Make the club").tap()
    page.get_by_role("link", name="The club's seasons").tap()
    page.get_by_label("Season name").fill("Winter League")
    page.get_by_role("button", name="Make the season").tap()
    expect(page.get_by_role("heading", name="Winter League", exact=True)).to_be_visible()
    for first, second in (("Ann", "Bo"), ("Cy", "Di")):
        page.get_by_label("Player", exact=True).fill(first)
        page.get_by_label("Partner").fill(second)
        page.get_by_role("button", name="Enter", exact=True).tap()
        expect(page.get_by_role("listitem").filter(has_text=f"{first} & {second}")).to_be_visible()
    page.get_by_label("Date (YYYY-MM-DD)").fill("2026-01-15")
    page.get_by_role("button", name="Add a night").tap()
    expect(page.get_by_role("button", name="Start its club night")).to_be_visible()
    shot(page, "season-before-start")
    chooser = page.get_by_label("House rules of a club night started here")
    expect(chooser).to_be_visible()
    chooser.select_option(label="League 300")
    assert sideways(page) <= 0, overflowing(page)
    shot(page, "season-night-rules")
    page.get_by_role("button", name="Start its club night").tap()
    # the night's director's page: played to 300, the league's rules
    expect(page.locator(".hint[data-outbox-after]")).to_contain_text("to 300")
