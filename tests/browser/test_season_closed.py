"""A closed season on the manager's phone: a night never started offers no "Start its
club night" (nor the house-rules chooser above it), since nothing of a closed season
changes and the tap could only be refused; the night itself stays listed."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import overflowing, sideways
from tests.browser.helpers import shot


def test_a_closed_season_offers_no_night_to_start(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server}/clubs/new")
    page.get_by_label("Name").fill("Thursday Spades")
    page.get_by_role("button", name="Make the club").tap()
    page.get_by_role("link", name="The club's seasons").tap()
    page.get_by_label("Season name").fill("Winter League")
    page.get_by_role("button", name="Make the season").tap()
    for first, second in (("Ann", "Bo"), ("Cy", "Di")):
        page.get_by_label("Player", exact=True).fill(first)
        page.get_by_label("Partner").fill(second)
        page.get_by_role("button", name="Enter", exact=True).tap()
        expect(page.get_by_role("listitem").filter(has_text=f"{first} & {second}")).to_be_visible()
    page.get_by_label("Date (YYYY-MM-DD)").fill("2026-01-15")
    page.get_by_role("button", name="Add a night").tap()
    start = page.get_by_role("button", name="Start its club night")
    expect(start).to_be_visible()  # open: the night can be started
    page.get_by_role("button", name="Close the season").tap()
    page.get_by_role("button", name="Yes, close the season").tap()
    expect(page.get_by_text("Closed.")).to_be_visible()
    night = page.locator("ol.season-nights > li").first
    expect(night).to_contain_text("2026-01-15")
    expect(start).to_have_count(0)
    expect(page.get_by_label("House rules of a club night started here")).to_have_count(0)
    assert sideways(page) <= 0, overflowing(page)
    shot(page, "season-closed-nights")
