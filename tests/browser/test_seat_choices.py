"""The seat page's bid is the scorer's big choices (issue 28, item 8): the same chips as
the hand steps, not small native radios, with "Save my bid" on the first screen at
390x844 and 360x740; and once each seat has its own link, the scorer's page shows the
seats' status first, the bids step below it folded, not the next bidder's choices."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import cramped_targets, press, sideways, tap
from tests.browser.helpers import close_game, shot, within_first_screen
from tests.browser.test_no_layout_shift import _seat_link

SIZES = [(390, 844), (360, 740)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_seat_bids_with_the_scorers_chips(page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(_seat_link(live_server)[1])
    press(page, "I am Alice")
    group = page.get_by_role("radiogroup", name="Alice bid", exact=True)
    chips = group.locator("label.chip")
    expect(chips).to_have_count(15)  # 1 to 13, Nil, Blind nil: each a chip
    for box in chips.evaluate_all("ls => ls.map(l => l.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 44 and box["height"] >= 44, box
    radios = group.locator("input[type=radio]")
    assert set(radios.evaluate_all("rs => rs.map(r => getComputedStyle(r).opacity)")) == {"0"}
    # the chips' grid, as on the scorer's page: its width, not a native radio's
    assert chips.first.evaluate("l => getComputedStyle(l.parentElement).display") == "grid"
    within_first_screen(page, page.get_by_role("button", name="Save my bid"))
    tap(page, chips.filter(has_text="Nil").first)
    expect(group.get_by_role("radio", name="Nil", exact=True)).to_be_checked()
    shot(page, f"seat-chips-{width}")
    assert cramped_targets(page) == []
    assert sideways(page) <= 0
    press(page, "Save my bid")
    expect(page.get_by_text("Your bid: nil.")).to_be_visible()
    expect(group.get_by_role("radio", name="Nil", exact=True)).to_be_checked()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_with_seat_links_the_scorer_sees_the_seats_first(page, own_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{own_server.url}/games/{close_game(own_server)}")
    expect(page.locator("form.bids-form .chips:visible")).to_have_count(1)  # Dev's, first
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    press(page, "Give each seat its own link")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"seats-first-{width}")
    seats = page.get_by_role("heading", name="Bids from the players' phones")
    step = page.get_by_role("heading", name="Hand 3: bids")
    within_first_screen(page, seats)
    assert seats.bounding_box()["y"] < step.bounding_box()["y"]
    within_first_screen(page, page.locator(".seat-bids .bids-in"))
    expect(page.locator("form.bids-form .chips:visible")).to_have_count(0)  # all folded
    expect(page.get_by_role("button", name="Dev bid: not chosen")).to_be_visible()
    within_first_screen(page, page.get_by_role("button", name="Save bids"))
