"""A closed season on the manager's phone: a night never started offers no "Start its
club night" (nor the house-rules chooser above it), since nothing of a closed season
changes and the tap could only be refused; the night itself stays listed."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import overflowing, season_with_a_night, sideways
from tests.browser.helpers import shot


def test_a_closed_season_offers_no_night_to_start(page, live_server):
    season_with_a_night(page, live_server, (("Ann", "Bo"), ("Cy", "Di")))
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


def test_the_next_season_is_started_once_from_two_phones(page, live_server):
    """Two phones on the closed season's page both tap "Start the next season": the first
    makes it; the second, its page loaded before, is told the season has its next season
    already and is shown the link to it, with no button to tap again."""
    season_with_a_night(page, live_server, (("Ann", "Bo"), ("Cy", "Di")))
    page.get_by_role("button", name="Close the season").tap()
    page.get_by_role("button", name="Yes, close the season").tap()
    expect(page.get_by_text("Closed.")).to_be_visible()
    closed = page.url
    other = page.context.new_page()
    other.set_viewport_size({"width": 360, "height": 740})
    other.goto(closed)
    page.get_by_role("button", name="Start the next season").tap()
    expect(page.get_by_text("Season made.")).to_be_visible()
    expect(page.get_by_role("link", name="Winter League", exact=True)).to_be_visible()
    other.get_by_role("button", name="Start the next season").tap()
    expect(other.get_by_text("This season has its next season already")).to_be_visible()
    expect(other.get_by_role("button", name="Start the next season")).to_have_count(0)
    link = other.get_by_role("link", name="Winter League (next)")
    expect(link).to_be_visible()
    assert sideways(other) <= 0, overflowing(other)
    shot(other, "season-closed-next-season")
    link.tap()
    expect(other.get_by_role("heading", name="Winter League (next)")).to_be_visible()
