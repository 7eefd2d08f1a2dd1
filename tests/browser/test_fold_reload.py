"""A reload keeps every row open or folded as it was (issue 28, item 6): the open group is
kept on the phone with the choices, so a nil bidder's row opened for a broken nil is
still open after a reload, with nothing moving after the first paint."""

from __future__ import annotations

from playwright.sync_api import expect

from scorepad.core.records import NIL, Hand
from tests.browser.flows import choice, choose, tap
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
