"""Whole games played in a real Chromium at a phone's size, by tapping and typing."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.flows import enter_bids, enter_tricks, follow, press, start_game, totals


def test_partnership_game_to_the_end(page, live_server):
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"], target="300",
               rules={"Bags before a penalty": "5", "Bag penalty": "50"})
    shot(page, "game-bids")

    # Hand 1, with Dev's nil; the tricks are mistyped (Alice 6, Ben 4).
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    expect(page.get_by_role("heading", name="Hand 1: tricks")).to_be_visible()
    expect(page.get_by_text("Ben leads")).to_be_visible()
    page.get_by_label("Alice tricks").fill("6")
    page.get_by_label("Ben tricks").fill("4")
    expect(page.locator(".remaining")).to_have_text("3 of 13 tricks still to assign.")
    shot(page, "game-tricks")
    enter_tricks(page, {"Cara": 3, "Dev": 0})
    assert totals(page) == ["72", "50"]

    # Hand 2: Alice & Cara reach 5 bags: the mistyped hand costs them a penalty.
    enter_bids(page, {"Alice": 3, "Ben": 2, "Cara": 3, "Dev": 2})
    enter_tricks(page, {"Alice": 5, "Ben": 2, "Cara": 4, "Dev": 2})
    assert totals(page) == ["85", "90"]
    expect(page.locator(".summary")).to_contain_text("bag penalty -50")

    # Fix hand 1 from the history: every later hand is scored again.
    follow(page, "Hand by hand")
    shot(page, "history")
    follow(page, "Fix hand 1")
    page.get_by_label("Alice tricks").fill("5")
    page.get_by_label("Ben tricks").fill("5")
    shot(page, "edit-hand")
    press(page, "Save hand 1")
    expect(page.get_by_text("Hand 1 corrected")).to_be_visible()
    assert totals(page) == ["134", "190"]
    expect(page.locator(".scoreboard")).to_contain_text("4 bags of 5")

    # Hand 3: Ben's blind nil; Alice & Cara pass 5 bags again and pay; Ben & Dev win.
    enter_bids(page, {"Alice": 2, "Ben": "blind nil", "Cara": 2, "Dev": 4})
    expect(page.locator(".contracts")).to_contain_text("Ben blind nil")
    enter_tricks(page, {"Alice": 4, "Ben": 0, "Cara": 3, "Dev": 6})
    assert totals(page) == ["127", "432"]
    expect(page.get_by_role("heading", name="Game over: Ben & Dev win")).to_be_visible()
    shot(page, "game-over")

    follow(page, "Hand by hand")
    history = page.locator("table.history")
    expect(history).to_contain_text("blind nil made")
    expect(history).to_contain_text(re.compile(r"(?<!blind )nil made"))  # Dev's, hand 1
    expect(history).to_contain_text("bag penalty -50")

    page.go_back()
    press(page, "Rematch")
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    expect(page.get_by_text("Dev deals. Alice bids first.")).to_be_visible()


def test_three_player_cutthroat(page, live_server):
    start_game(page, live_server, ["Ana", "Bo", "Cy"],
               table="Cutthroat, 3 players (17 tricks a hand)", target="200")
    expect(page.get_by_label("Player 4", exact=True)).to_be_hidden()
    enter_bids(page, {"Ana": 5, "Bo": "nil", "Cy": 10})
    page.get_by_label("Ana tricks").fill("6")
    expect(page.locator(".remaining")).to_have_text("11 of 17 tricks still to assign.")
    enter_tricks(page, {"Bo": 0, "Cy": 11})
    assert totals(page) == ["51", "100", "101"]
    enter_bids(page, {"Ana": 6, "Bo": 4, "Cy": 6})
    enter_tricks(page, {"Ana": 7, "Bo": 4, "Cy": 6})
    enter_bids(page, {"Ana": 8, "Bo": 5, "Cy": 4})
    enter_tricks(page, {"Ana": 8, "Bo": 5, "Cy": 4})
    assert totals(page) == ["192", "190", "201"]
    expect(page.get_by_role("heading", name="Game over: Cy wins")).to_be_visible()
    shot(page, "cutthroat-over")


def test_refused_tricks_keep_every_value(page, live_server):
    start_game(page, live_server, ["Wen", "Xi", "Yo", "Zed"])
    enter_bids(page, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 3})
    enter_tricks(page, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 3})
    expect(page.get_by_role("alert")).to_contain_text("tricks add up to 12, expected 13")
    expect(page.get_by_label("Zed tricks")).to_have_value("3")
    shot(page, "tricks-refused")


def test_tap_targets_are_big_enough(page, live_server):
    start_game(page, live_server, ["Wen", "Xi", "Yo", "Zed"])
    small = page.evaluate("""() => [...document.querySelectorAll(
        'main button, main input[type=number], main label.toggle, main label.choice, header a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 360, "height": 740})
    game = page.url
    enter_bids(page, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 4})
    for path in ("", "/history", "/hands/1"):
        page.goto(game + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    inputs = page.locator("input.num")
    assert inputs.count() > 0
    assert all(re.fullmatch("numeric", inputs.nth(i).get_attribute("inputmode") or "")
               for i in range(inputs.count()))
