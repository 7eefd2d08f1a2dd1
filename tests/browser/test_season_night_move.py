"""A season's night on the manager's phone: its own date, start and venue boxes (to move
it) say what goes in each, an empty start or venue box included, not three blank boxes."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import overflowing, season_with_a_night, sideways
from tests.browser.helpers import shot


def test_a_night_s_empty_start_and_venue_boxes_say_what_they_are_for(page, live_server):
    season_with_a_night(page, live_server)
    night = page.locator("ol.season-nights > li").first
    expect(night.get_by_role("button", name="Move")).to_be_visible()
    start = night.get_by_role("textbox", name="Start", exact=True)
    venue = night.get_by_role("textbox", name="Venue", exact=True)
    expect(start).to_have_value("")
    expect(venue).to_have_value("")
    # an empty box shows its words where a value would be: a newcomer sees what to type
    expect(start).to_have_attribute("placeholder", "Start (HH:MM)")
    expect(venue).to_have_attribute("placeholder", "Venue")
    expect(night.get_by_role("textbox", name="Date", exact=True)).to_have_attribute(
        "placeholder", "Date (YYYY-MM-DD)"
    )
    assert sideways(page) <= 0, overflowing(page)
    shot(page, "season-night-move")
    # the boxes still move the night as before
    start.fill("19:30")
    venue.fill("Back room")
    night.get_by_role("button", name="Move").tap()
    expect(page.locator("ol.season-nights > li").first).to_contain_text("19:30, Back room")
