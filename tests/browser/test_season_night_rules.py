"""A season's manager starts a night's club night on a phone under the league's house
rules: one chooser above the nights, then the night's own button (which stands outside
the form it sends: its `form` attribute names it)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import overflowing, season_with_a_night, sideways
from tests.browser.helpers import shot


def test_a_season_night_is_started_under_the_rules_chosen(page, live_server):
    season_with_a_night(page, live_server, (("Ann", "Bo"), ("Cy", "Di")))
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
