"""Whole games played in a real Chromium at a phone's size, by tapping."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.flows import (
    choice,
    choose,
    enter_bids,
    enter_tricks,
    follow,
    press,
    sideways,
    small_targets,
    start_game,
    start_three_player_cutthroat,
    tap,
    totals,
)
from tests.browser.helpers import shot


def test_partnership_game_by_player_to_the_end(page, live_server):
    start_game(
        page,
        live_server,
        ["Alice", "Ben", "Cara", "Dev"],
        target="300",
        rules={"Bags before a penalty": "5", "Bag penalty": "50"},
        tricks_by="By player",
    )
    shot(page, "game-bids")

    # Hand 1, with Dev's nil; the tricks are mistapped (Alice 6, Ben 4).
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    expect(page.get_by_text("Ben leads")).to_be_visible()
    remaining = page.locator(".remaining")
    expect(remaining).to_have_text("The tricks add up to 13.")
    expect(remaining).not_to_have_class("remaining off")  # neutral before anything is entered
    enter_tricks(page, {"Ben": 4}, save=False)
    expect(remaining).to_have_text("9 of 13 tricks still to assign.")
    shot(page, "game-tricks")
    # Dev's nil is at 0 already, so Cara, the last one left, follows Alice by herself
    enter_tricks(page, {"Alice": 6}, save=False)
    expect(page.get_by_role("button", name="Cara tricks: 3")).to_be_visible()
    expect(page.get_by_role("button", name="Dev tricks: 0")).to_be_visible()
    expect(remaining).to_contain_text("Cara took 3")
    press(page, "Save tricks")
    assert totals(page) == ["72", "50"]

    # Hand 2: Alice & Cara reach 5 bags: the mistapped hand costs them a penalty.
    enter_bids(page, {"Alice": 3, "Ben": 2, "Cara": 3, "Dev": 2})
    enter_tricks(page, {"Alice": 5, "Ben": 2, "Cara": 4, "Dev": 2})
    assert totals(page) == ["85", "90"]
    expect(page.locator(".summary")).to_contain_text("bag penalty \u221250")

    # Fix hand 1 from the game page: every later hand is scored again.
    follow(page, "Fix hand 1")
    choose(page, "Alice tricks", "5")
    choose(page, "Ben tricks", "5")
    shot(page, "edit-hand")
    press(page, "Save hand 1")
    expect(page.get_by_text("Hand 1 corrected; every later hand was scored again")).to_be_visible()
    assert totals(page) == ["134", "190"]
    expect(page.locator(".scoreboard")).to_contain_text("4 bags of 5: one more costs 50")
    shot(page, "bags-near")

    # Hand 3: Ben's blind nil; Alice & Cara pass 5 bags again and pay; Ben & Dev win.
    enter_bids(page, {"Alice": 2, "Ben": "blind nil", "Cara": 2, "Dev": 4})
    expect(page.locator(".lead-line")).to_contain_text("Ben blind nil")
    enter_tricks(page, {"Alice": 4, "Ben": 0, "Cara": 3, "Dev": 6})
    assert totals(page) == ["127", "432"]
    expect(page.get_by_role("heading", name="Game over: Ben & Dev win")).to_be_visible()
    expect(page.get_by_text("Ben & Dev win")).to_have_count(1)
    shot(page, "game-over")

    follow(page, "Hand by hand")
    history = page.locator("table.history")
    expect(history).to_contain_text("blind nil made")
    expect(history).to_contain_text(re.compile(r"(?<!blind )nil made"))  # Dev's, hand 1
    expect(history).to_contain_text("bag penalty \u221250")
    shot(page, "history")

    page.go_back()
    press(page, "Rematch")
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    expect(page.get_by_text("Dev deals. Alice bids first.")).to_be_visible()


def test_three_player_cutthroat(page, live_server):
    start_three_player_cutthroat(page, live_server, ["Ana", "Bo", "Cy"])
    expect(page.get_by_label("Player 4", exact=True)).to_be_hidden()
    enter_bids(page, {"Ana": 5, "Bo": "nil", "Cy": 10})
    enter_tricks(page, {"Ana": 6}, save=False)  # Bo's nil is at 0: Cy follows
    expect(page.locator(".remaining")).to_have_text("Cy took 11: all 17 tricks assigned.")
    enter_tricks(page, {})
    assert totals(page) == ["51", "100", "101"]
    enter_bids(page, {"Ana": 6, "Bo": 4, "Cy": 6})
    enter_tricks(page, {"Ana": 7, "Bo": 4})
    enter_bids(page, {"Ana": 8, "Bo": 5, "Cy": 4})
    enter_tricks(page, {"Ana": 8, "Bo": 5})
    assert totals(page) == ["192", "190", "201"]
    expect(page.get_by_role("heading", name="Game over: Cy wins")).to_be_visible()
    shot(page, "cutthroat-over")


def test_refused_tricks_keep_every_value(page, live_server):
    start_game(page, live_server, ["Wen", "Xi", "Yo", "Zed"], tricks_by="By player")
    enter_bids(page, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 3})
    enter_tricks(page, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 3}, save=False)
    expect(page.locator(".remaining")).to_have_class("remaining off")
    press(page, "Save tricks")
    expect(page.get_by_role("alert")).to_contain_text("The tricks add up to 12; a hand has 13")
    expect(choice(page, "Zed tricks", "3")).to_be_checked()
    shot(page, "tricks-refused")


def test_missing_bids_are_named_together_and_their_seats_marked(page, live_server):
    start_game(page, live_server, ["Wen", "Xi", "Yo", "Zed"])
    enter_bids(page, {"Wen": 3, "Yo": 4})
    expect(page.get_by_role("alert")).to_have_text("Not saved: no bid yet from Xi and Zed.")
    # each seat left out keeps its own words, for a screen reader beside its row
    expect(page.locator("#bid_1-error")).to_have_text("Xi's bid is missing")
    expect(page.locator("#bid_3-error")).to_have_text("Zed's bid is missing")
    expect(choice(page, "Yo bid", "4")).to_be_checked()
    shot(page, "bids-missing")


def test_undo_asks_first(page, live_server):
    start_game(page, live_server, ["Wen", "Xi", "Yo", "Zed"])
    enter_bids(page, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 4})
    tap(page, page.get_by_role("button", name="Undo the bids of hand 1"))
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()  # nothing yet
    press(page, "Yes, undo the bids of hand 1")
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    enter_bids(page, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 4})
    enter_tricks(page, {"Wen & Yo": 6})
    tap(page, page.get_by_role("button", name="Undo the tricks of hand 1"))
    shot(page, "undo-confirm")
    press(page, "Yes, undo the tricks of hand 1")
    expect(page.get_by_text("Hand 1: its tricks are taken back; its bids stay.")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()


def test_tap_targets_are_big_enough_and_nothing_scrolls_sideways(page, live_server):
    start_game(page, live_server, ["Wenceslas", "Xiomara", "Yolanda", "Zebediah"])
    assert small_targets(page) == []
    assert sideways(page) <= 0
    page.set_viewport_size({"width": 360, "height": 740})
    game = page.url
    enter_bids(page, {"Wenceslas": 3, "Xiomara": 3, "Yolanda": 3, "Zebediah": 4})
    assert small_targets(page) == []
    enter_tricks(page, {"Wenceslas & Yolanda": 7})
    for path in ("", "/history", "/hands/1", "/rules", "/sheet"):
        page.goto(game + path)
        assert sideways(page) <= 0, path
    for path in ("/stats", "/games/new", "/games"):
        page.goto(live_server + path)
        assert sideways(page) <= 0, path


TABLES = {
    2: "Cutthroat, 2 players",
    3: "Cutthroat, 3 players",
    4: "Partnership",
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_and_settings_pages_run_their_script_for_every_table(page, live_server, players):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    start_game(page, live_server, names, table=TABLES[players])
    assert errors == []
    page.goto(page.url.split("#")[0].rstrip("/") + "/settings")
    page.get_by_label("Player 1", exact=True).fill("Anne")  # the script listens to names
    assert errors == []


def test_a_nil_count_above_its_side_is_stopped_on_the_nil_bidders_row(page, live_server):
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 10, "Dan": 5}, save=False)  # Bob & Dan took 3
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.get_by_role("button", name="Save tricks").tap()
    group = page.get_by_role("radiogroup", name="Dan tricks", exact=True)
    expect(group.locator(".error")).to_have_text("Dan took 5, more than Bob & Dan's 3: not saved.")
    expect(group).to_have_class("pick tricks nil-count of-side-1 invalid")
    assert posts == []
    enter_tricks(page, {"Dan": 1})
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
