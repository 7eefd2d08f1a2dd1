"""Keeping a game in order, on a phone: rename a player, download the CSV, delete the game."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.flows import enter_bids, enter_tricks, follow, press, start_game


def test_rename_download_and_delete(page, live_server):
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"])
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    enter_tricks(page, {"Alice": 5, "Ben": 5, "Cara": 3, "Dev": 0})
    game_url = page.url

    follow(page, "Game settings")
    expect(page.get_by_role("heading", name="Game settings")).to_be_visible()
    page.get_by_label("Player 2", exact=True).fill("Bea")
    shot(page, "settings")
    press(page, "Save settings")
    expect(page.locator(".scoreboard .side-name").nth(1)).to_have_text("Bea & Dev")
    expect(page.locator(".flash-ok")).to_contain_text("Settings saved")

    follow(page, "Hand by hand")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download as CSV").tap()
    csv_file = download.value
    assert re.fullmatch(r"scorepad-\d{4}-\d\d-\d\d-hands\.csv", csv_file.suggested_filename)
    body = open(csv_file.path(), "rb").read()
    assert body.startswith(b"\xef\xbb\xbfHand,Dealer,Alice bid,Alice tricks,Bea bid")
    assert b"\r\n1,Alice,4,5,5,5,3,3,nil,0,71,71,1,150,150,0,\r\n" in body

    page.goto(game_url)
    follow(page, "Game settings")
    follow(page, "Delete this game")
    expect(page.get_by_role("heading", name="Delete this game?")).to_be_visible()
    shot(page, "delete-game")
    press(page, "Delete the game for good")
    expect(page.locator(".flash-ok")).to_have_text("The game was deleted.")
    expect(page.get_by_text("Bea & Dev")).to_have_count(0)
    page.goto(game_url)
    expect(page.get_by_role("alert")).to_have_text("This game no longer exists.")


def test_housekeeping_pages_are_accessible(page, live_server):
    from tests.browser.test_accessibility import assert_accessible

    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann": 5, "Bob": 5, "Cat": 3, "Dan": 0})
    game_url = page.url
    for path, name in (("/settings", "settings"), ("/delete", "delete"),
                       ("/hands/2/dealer", "dealer"), ("/hands/1/adjust", "adjust")):
        page.goto(game_url + path)
        assert_accessible(page, f"manage-{name}")
    page.goto(game_url + "/hands/1/adjust")
    page.get_by_label("Points for Ann & Cat").fill("2000")
    press(page, "Save the adjustment")
    expect(page.locator("#adjust_0-error")).to_contain_text("between -1000 and 1000")
    assert_accessible(page, "manage-adjust-refused")
    page.goto(f"{live_server}/games/new?rules_from={game_url.rsplit('/', 1)[-1]}")
    assert_accessible(page, "manage-new-rules-from")
    page.goto(game_url)
    page.locator("summary", has_text="End the game now").tap()
    expect(page.get_by_text("End the game now? Bob & Dan win 150-71.")).to_be_visible()
    press(page, "End the game")
    expect(page.get_by_role("heading", name="Game over (ended early): Bob & Dan win")) \
        .to_be_visible()
    assert_accessible(page, "manage-ended")
