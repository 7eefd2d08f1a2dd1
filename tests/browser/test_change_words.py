"""What an adjustment or a renege saved says: 'every later hand was scored again' only
when there is a later hand (a fix already says it so)."""

from __future__ import annotations

from tests.browser.flows import (
    enter_bids,
    enter_tricks,
    follow,
    press,
    said,
    start_game,
    totals,
)

PLAYERS = ["Ann", "Bob", "Cat", "Don"]


def test_an_adjustment_or_a_renege_on_the_last_hand_says_no_later_hand_was_scored(
    page, live_server
):
    start_game(page, live_server, PLAYERS)
    enter_bids(page, {"Ann": 3, "Bob": 3, "Cat": 3, "Don": 3})
    enter_tricks(page, {"Ann & Cat": 7})
    game = page.url
    follow(page, "Fix hand 1")
    follow(page, "Adjust the score")
    page.get_by_label("Points for Bob & Don").fill("-30")
    page.get_by_label("Why").fill("misdeal")
    press(page, "Save the adjustment")
    said(page, "Hand 1 adjusted.")
    page.goto(f"{game}/hands/1/renege")
    page.get_by_label("Bob & Don reneged").check()
    press(page, "Save the renege")
    said(page, "Hand 1: renege saved.")
    assert totals(page) == ["64", "-90"]  # 10 of 6 and set with 3: -60, then -30
    enter_bids(page, {"Ann": 3, "Bob": 3, "Cat": 3, "Don": 3})
    enter_tricks(page, {"Ann & Cat": 7})
    page.goto(f"{game}/hands/1/adjust")
    page.get_by_label("Points for Bob & Don").fill("-20")
    press(page, "Save the adjustment")
    said(page, "Hand 1 adjusted; every later hand was scored again.")
    page.goto(f"{game}/hands/1/renege")
    page.get_by_label("Bob & Don reneged").uncheck()
    press(page, "Save the renege")
    said(page, "Hand 1: renege saved; every later hand was scored again.")
