"""Issue 39 at the table, on a 360x740 phone, pressing what a person presses: Undo takes
back a played hand's tricks only (its bids kept), a second Undo its bids."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.flows import enter_bids, enter_tricks, press, start_game, tap, totals
from tests.browser.helpers import shot, within_first_screen

SMALL = {"width": 360, "height": 740}


def _two_hands(page: Page, base: str) -> None:
    page.set_viewport_size(SMALL)
    start_game(page, base, ["Alice", "Ben", "Cara", "Dev"])
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    enter_tricks(page, {"Alice & Cara": 8, "Dev": 0})  # 71 / 150
    enter_bids(page, {"Alice": 3, "Ben": 2, "Cara": 3, "Dev": 2})
    enter_tricks(page, {"Alice & Cara": 8})  # a trick mistyped: 8, not 7
    assert totals(page) == ["133", "191"]


def test_undo_takes_the_tricks_only_and_keeps_the_bids(page, live_server):
    _two_hands(page, live_server)
    undo = page.locator("summary", has_text="Undo the tricks of hand 2")
    within_first_screen(page, undo)  # on the first screen, by the next hand's bids
    shot(page, "table-undo-on-first-screen-360")
    tap(page, undo)
    yes = page.get_by_role("button", name="Yes, undo the tricks of hand 2")
    within_first_screen(page, yes)
    press(page, "Yes, undo the tricks of hand 2")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    expect(page.get_by_text("Hand 2: its tricks are taken back; its bids stay.")).to_be_visible()
    # the bids as they were: each side's contract over the tricks to choose
    expect(page.locator(".lead-line")).to_contain_text("Alice & Cara bid 6")
    expect(page.locator(".lead-line")).to_contain_text("Ben & Dev bid 4")
    assert totals(page) == ["71", "150"]
    shot(page, "table-undo-tricks-step-360")
    enter_tricks(page, {"Alice & Cara": 7})  # the right count: one Undo, one tap, Save
    expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
    assert totals(page) == ["132", "192"]


def test_a_second_undo_takes_the_bids_and_put_back_returns_them(page, live_server):
    _two_hands(page, live_server)
    tap(page, page.locator("summary", has_text="Undo the tricks of hand 2"))
    press(page, "Yes, undo the tricks of hand 2")
    tap(page, page.locator("summary", has_text="Undo the bids of hand 2"))
    press(page, "Yes, undo the bids of hand 2")
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    within_first_screen(page, page.get_by_role("button", name="Put hand 2 back"))
    press(page, "Put hand 2 back")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    expect(page.locator(".lead-line")).to_contain_text("Ben & Dev bid 4")
