"""A seat's phone bids after the scorer's page was drawn, at 360x740, by tapping: the
scorer's bids are refused with the page again (nothing saved), the phone's bid chosen
in its row and the scorer's other taps kept, so one more press saves the hand."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import choose, enter_bids, expect_bids_chosen, press, start_game
from tests.browser.helpers import PHONE, shot, within_first_screen
from tests.browser.test_outbox_races import seat_links_on

SMALL = {"width": 360, "height": 740}


def test_a_seat_bid_in_since_the_page_was_drawn_is_chosen_and_the_scorers_taps_kept(
    browser, page, live_server
):
    page.set_viewport_size(SMALL)
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"])
    link = seat_links_on(page)[1]  # Ben's; the scorer's page, drawn with no bid in
    context = browser.new_context(**{**PHONE, "viewport": SMALL})
    try:
        ben = context.new_page()
        ben.set_default_timeout(10_000)
        ben.goto(link)
        press(ben, "I am Ben")
        choose(ben, "Ben bid", "6")
        press(ben, "Save my bid")
        expect(ben.get_by_text("Your bid: 6.")).to_be_visible()
    finally:
        context.close()
    # the scorer, not looking up: a bid for every row, Ben's as if his were not in
    enter_bids(page, {"Alice": 3, "Ben": 2, "Cara": 2, "Dev": 1})
    refused = page.locator("main [role=alert]").filter(has_text="nothing was saved")
    expect(refused).to_have_text(
        "Ben's bid came in from Ben's phone meanwhile; nothing was saved. Ben's 6 is"
        " chosen below, with the bids you chose: check them and save again."
    )
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    bids = {"Alice": 3, "Ben": 6, "Cara": 2, "Dev": 1}  # Ben's 6 in place of the 2 tapped
    expect_bids_chosen(page, bids)
    for name, bid in bids.items():  # each row, folded, shows its bid
        expect(page.get_by_role("button", name=f"{name} bid: {bid}")).to_be_visible()
    shot(page, "seat-bid-race-refused-360")
    within_first_screen(page, refused)  # the words, every row and Save: nothing to scroll
    within_first_screen(page, page.get_by_role("button", name="Save bids"))
    press(page, "Save bids")
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    expect(page.locator(".lead-line")).to_contain_text("Alice & Cara bid 5")
    expect(page.locator(".lead-line")).to_contain_text("Ben & Dev bid 7")
    expect(page.locator("main [role=alert]")).to_have_count(0)
