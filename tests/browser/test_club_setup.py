"""Setting a night up on a phone (360x740): the standings order chosen from a list that
fits the screen, and last week's pairs checked in again with a few taps."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import overflowing, sideways
from tests.browser.helpers import shot


def _new_night(page, base: str, name: str, order: str = "") -> None:
    page.goto(f"{base}/events/new")
    page.locator("#name").fill(name)
    if order:
        page.get_by_label("Standings order").select_option(order)
    page.get_by_role("button", name="Create the event").tap()
    page.wait_for_url(lambda url: not url.endswith("/events/new"))


def _check_in(page, first: str, second: str) -> None:
    page.get_by_label("Name", exact=True).fill(first)
    page.get_by_label("Partner").fill(second)
    page.get_by_role("button", name="Check in", exact=True).tap()
    expect(page.locator(".flash").first).to_contain_text(f"{first} & {second} in.")


def test_last_week_s_pairs_are_checked_in_again_on_a_phone(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server}/events/new")
    assert sideways(page) <= 0, overflowing(page)  # the long order names included
    _new_night(page, live_server, "Last week")
    for first, second in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo")):
        _check_in(page, first, second)
    _new_night(page, live_server, "Tonight", order="vp,bags,points,diff")
    expect(page.get_by_text("victory points, then fewer bags, then points")).to_be_visible()
    _check_in(page, "Cy", "Di")
    page.get_by_role("link", name="Check in from an earlier night").tap()
    boxes = page.get_by_role("checkbox")
    expect(boxes).to_have_count(2)  # Cy & Di are here already
    assert sideways(page) <= 0, overflowing(page)
    page.get_by_label("Ann & Bo").check()
    page.get_by_label("Ed & Flo").check()
    shot(page, "club-earlier-night")
    page.get_by_role("button", name="Check them in").tap()
    expect(page.locator(".flash").first).to_contain_text("2 checked in")
    entrants = page.locator("#checkin-h ~ ul > li")
    expect(entrants).to_have_count(3)
    expect(entrants.nth(1)).to_contain_text("Ed & Flo")
