"""Issue 19 on a phone (390x844): a lower target in the settings asks to remove the later
hands with one primary action; an undone hand can be put back until the next save."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.flows import (
    cramped_targets,
    enter_bids,
    enter_tricks,
    follow,
    press,
    sideways,
    start_game,
    tap,
    totals,
)
from tests.browser.helpers import shot


def two_hands(page: Page, base: str) -> None:
    start_game(page, base, ["Alice", "Ben", "Cara", "Dev"], tricks_by="By player")
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    enter_tricks(page, {"Alice": 5, "Ben": 5, "Cara": 3, "Dev": 0})  # 71 / 150
    enter_bids(page, {"Alice": 3, "Ben": 2, "Cara": 3, "Dev": 2})
    enter_tricks(page, {"Alice": 5, "Ben": 2, "Cara": 4, "Dev": 2})  # 134 / 190
    assert totals(page) == ["134", "190"]


def two_hands_then_target_150(page: Page, base: str) -> None:
    """Two hands played (134 / 190), then the target lowered to 150 in the settings: the
    game would have ended after hand 1."""
    two_hands(page, base)
    follow(page, "Game settings")
    page.get_by_label("Target score", exact=True).fill("150")
    press(page, "Save settings")


def in_first_screen(page: Page, name: str) -> None:
    box = page.get_by_role("button", name=name, exact=True).bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844 and box["height"] >= 44


def test_a_lower_target_removes_the_later_hands_when_confirmed(page, live_server):
    two_hands_then_target_150(page, live_server)
    expect(page.get_by_role("alert").last).to_contain_text(
        "With these settings the game ends after hand 1: hand 2 would be removed."
    )
    expect(page.locator("button.primary")).to_have_count(1)
    expect(page.locator("button.primary")).to_have_text("Remove hand 2 and save")
    expect(page.get_by_role("link", name="Keep every hand: do not save")).to_be_visible()
    expect(page.get_by_role("button", name="Save settings")).to_have_count(0)
    in_first_screen(page, "Remove hand 2 and save")  # the choice asked for, without scrolling
    assert sideways(page) == 0 and cramped_targets(page) == []
    shot(page, "settings-remove-hands")
    press(page, "Remove hand 2 and save")
    expect(page.get_by_role("heading", name="Game over: Ben & Dev win")).to_be_visible()
    assert totals(page) == ["71", "150"]


def test_keeping_every_hand_saves_nothing(page, live_server):
    two_hands_then_target_150(page, live_server)
    follow(page, "Keep every hand: do not save")
    expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
    assert totals(page) == ["134", "190"]


def test_an_undone_hand_is_put_back_until_the_next_save(page, live_server):
    two_hands(page, live_server)
    tap(page, page.locator("summary", has_text="Undo the tricks of hand 2"))
    press(page, "Yes, undo the tricks of hand 2")
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
    assert totals(page) == ["71", "150"]
    in_first_screen(page, "Put hand 2 back")
    assert sideways(page) == 0 and cramped_targets(page) == []
    shot(page, "put-back")
    press(page, "Put hand 2 back")
    expect(page.locator(".flash-ok")).to_have_text("Hand 2 is back, as it was saved.")
    expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
    assert totals(page) == ["134", "190"]
    expect(page.get_by_role("button", name="Put hand 2 back")).to_have_count(0)

    tap(page, page.locator("summary", has_text="Undo the tricks of hand 2"))
    press(page, "Yes, undo the tricks of hand 2")
    enter_tricks(page, {"Alice": 4, "Ben": 2, "Cara": 4, "Dev": 3})  # the next save
    expect(page.get_by_role("button", name="Put hand 2 back")).to_have_count(0)


def test_the_same_names_and_rules_as_a_game_of_this_phone(page, live_server):
    start_game(page, live_server, ["Zoe", "Yan", "Xia"], table="Cutthroat, 3 players", target="350")
    page.goto(f"{live_server}/games/new")
    chooser = page.get_by_label("The same names and rules as")
    first = page.locator("main form select, main form input:not([type=hidden])").first
    assert first.get_attribute("id") == "rules_from"  # first on the page
    chooser.select_option(index=1)
    press(page, "Use this game")
    expect(page.get_by_role("status")).to_contain_text("the players Zoe, Yan, Xia, target 350")
    expect(page.get_by_label("Player 3", exact=True)).to_have_value("Xia")
    expect(page.get_by_label("Cutthroat, 3 players")).to_be_checked()
    assert sideways(page) == 0
    shot(page, "same-rules-as")
    press(page, "Start game")
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
