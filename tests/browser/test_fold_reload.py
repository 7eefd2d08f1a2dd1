"""A reload keeps every row open or folded as it was (issue 28, item 6): the open group is
kept on the phone with the choices, so a nil bidder's row opened for a broken nil is
still open after a reload, with nothing moving after the first paint."""

from __future__ import annotations

from playwright.sync_api import expect

from scorepad.core.records import NIL, Hand
from tests.browser.flows import choice, choose, press, tap
from tests.browser.helpers import close_game
from tests.browser.test_no_layout_shift import SHIFTS


def _open(page, group: str) -> bool:
    return page.get_by_role("radiogroup", name=group, exact=True).locator(".chips").is_visible()


def _still(page) -> None:
    assert sum(value for value, _ in page.evaluate(SHIFTS)) == 0


def test_a_nil_bidders_row_opened_stays_open_after_a_reload(page, own_server):
    game = close_game(own_server, Hand((4, 3, 3, NIL), None))
    page.goto(f"{own_server.url}/games/{game}")
    assert _open(page, "Alice & Cara tricks") and not _open(page, "Dev tricks")
    tap(page, page.get_by_role("button", name="Dev tricks: 0"))
    assert _open(page, "Dev tricks") and not _open(page, "Alice & Cara tricks")
    page.reload()
    expect(page.get_by_role("heading", name="Hand 3: tricks")).to_be_visible()
    assert _open(page, "Dev tricks") and not _open(page, "Alice & Cara tricks")
    _still(page)

    choose(page, "Alice & Cara tricks", "8")  # the nil bidder's row opens in turn
    assert _open(page, "Dev tricks")
    page.reload()
    assert _open(page, "Dev tricks") and not _open(page, "Alice & Cara tricks")
    expect(choice(page, "Alice & Cara tricks", "8")).to_be_checked()
    expect(page.get_by_role("button", name="Alice & Cara tricks: 8")).to_be_visible()
    _still(page)


def test_every_row_folded_stays_folded_after_a_reload(page, own_server):
    page.goto(f"{own_server.url}/games/{close_game(own_server)}")
    for name, bid in (("Dev", "3"), ("Alice", "4"), ("Ben", "3"), ("Cara", "3")):
        choose(page, f"{name} bid", bid)
    expect(page.locator("form.hand-form .chips:visible")).to_have_count(0)
    tap(page, page.get_by_role("button", name="Ben bid: 3"))
    page.reload()
    assert _open(page, "Ben bid") and not _open(page, "Dev bid")
    _still(page)


def test_a_bid_from_a_phone_since_is_shown_not_a_choice_kept_from_before(page, browser, own_server):
    """The scorer's choices kept on the phone never cover a seat's bid that came in (or
    changed) on its own phone after they were made: a reload shows the phone's bid, and
    Save bids keeps it; a bid the scorer chose over the phone's on purpose stays chosen,
    and so do the scorer's choices for the other seats."""
    from tests.browser.helpers import PHONE
    from tests.browser.test_no_layout_shift import _seat_link

    game_id, alice_link = _seat_link(own_server.url)
    page.goto(f"{own_server.url}/games/{game_id}")
    choose(page, "Alice bid", "2")  # before Alice's phone has said anything
    choose(page, "Ben bid", "4")  # Ben has no phone bid: the scorer's tap stays throughout
    seat = browser.new_context(**PHONE).new_page()
    try:
        seat.goto(alice_link)
        press(seat, "I am Alice")

        def alice_bids(bid: str) -> None:
            tap(seat, seat.get_by_role("radio", name=bid, exact=True))
            press(seat, "Save my bid")
            expect(seat.get_by_text(f"Your bid: {bid}.")).to_be_visible()

        alice_bids("5")
        page.reload()
        expect(choice(page, "Alice bid", "5")).to_be_checked()  # the phone's, not the 2
        expect(choice(page, "Ben bid", "4")).to_be_checked()  # the scorer's own, kept
        choose(page, "Alice bid", "3")  # over the phone's 5, on purpose: kept
        page.reload()
        expect(choice(page, "Alice bid", "3")).to_be_checked()
        alice_bids("6")  # changed on the phone after the scorer's 3
        page.reload()
        expect(choice(page, "Alice bid", "6")).to_be_checked()
        expect(choice(page, "Ben bid", "4")).to_be_checked()
    finally:
        seat.context.close()
    for name, bid in (("Ben", "3"), ("Cara", "2"), ("Dev", "3")):
        choose(page, f"{name} bid", bid)
    press(page, "Save bids")
    expect(page.get_by_text("Alice & Cara bid 8 (Alice 6, Cara 2)")).to_be_visible()
