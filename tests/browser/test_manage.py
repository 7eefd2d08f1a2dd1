"""Keeping a game in order, on a phone: rename a player, download the CSV, delete the game."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorepad.core.game import Game
from scorepad.core.records import Hand, Table
from scorepad.core.rules import validate_rules
from tests.browser.flows import enter_bids, enter_tricks, follow, press, start_game, totals
from tests.browser.helpers import shot


def test_rename_download_and_delete(page, live_server):
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"], tricks_by="By player")
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
    assert re.fullmatch(  # named by the players and the day
        r"scorepad-alice-bea-cara-dev-\d{4}-\d\d-\d\d-hands\.csv", csv_file.suggested_filename
    )
    body = open(csv_file.path(), "rb").read()
    assert body.startswith(b"\xef\xbb\xbfHand,Dealer,Alice bid,Alice tricks,Bea bid")
    assert b"\r\n1,Alice,4,5,5,5,3,3,nil,0,71,71,1,0,150,150,0,0,\r\n" in body

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
    from tests.browser.helpers import assert_accessible

    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"], tricks_by="By player")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann": 5, "Bob": 5, "Cat": 3, "Dan": 0})
    game_url = page.url
    for path, name in (
        ("/settings", "settings"),
        ("/delete", "delete"),
        ("/hands/2/dealer", "dealer"),
        ("/hands/1/adjust", "adjust"),
    ):
        page.goto(game_url + path)
        assert_accessible(page, f"manage-{name}")
    page.goto(game_url + "/hands/1/adjust")
    page.get_by_label("Points for Ann & Cat").fill("2000")
    press(page, "Save the adjustment")
    expect(page.locator("#adjust_0-error")).to_contain_text(
        "must be a whole number from -1000 to 1000"
    )
    assert_accessible(page, "manage-adjust-refused")
    page.goto(f"{live_server}/games/new?rules_from={game_url.rsplit('/', 1)[-1]}")
    assert_accessible(page, "manage-new-rules-from")
    page.goto(game_url)
    page.locator("summary", has_text="End the game now").tap()
    expect(page.get_by_text("End the game now? Bob & Dan win 150 to 71.")).to_be_visible()
    press(page, "End the game")
    expect(
        page.get_by_role("heading", name="Game over (ended early): Bob & Dan win")
    ).to_be_visible()
    assert_accessible(page, "manage-ended")


def test_blind_contract_dealer_change_adjustment_and_early_end(page, live_server):
    """At phone size: every figure on screen is the core's for the same hands."""
    names = ["Alice", "Ben", "Cara", "Dev"]
    start_game(
        page,
        live_server,
        names,
        tricks_by="By player",
        rules={"Blind bids from": "6", "Blind bids only when behind by": "0"},
    )
    enter_bids(page, {name: 3 for name in names}, save=False)
    page.get_by_label("Alice & Cara bid blind").tap()
    shot(page, "blind-toggle")
    press(page, "Save bids")
    expect(page.locator(".lead-line .contract").first).to_contain_text("bid 6 blind")
    enter_tricks(page, {"Alice": 3, "Ben": 4, "Cara": 3, "Dev": 3})
    game_url = page.url

    expect(page.get_by_text("Ben deals. Cara bids first.")).to_be_visible()
    follow(page, "Change the dealer")
    page.get_by_label("Dev", exact=True).tap()
    press(page, "Save the dealer")
    expect(page.get_by_text("Dev deals. Alice bids first.")).to_be_visible()
    expect(page.locator("p.status")).to_contain_text("Hand 2: Dev deals.")
    enter_bids(page, {"Alice": 3, "Ben": 3, "Cara": 3, "Dev": 3})
    enter_tricks(page, {"Alice": 4, "Ben": 3, "Cara": 3, "Dev": 3})
    expect(page.get_by_text("Alice deals. Ben bids first.")).to_be_visible()  # passed on

    page.goto(f"{game_url}/hands/1")
    follow(page, "Adjust the score")
    page.get_by_label("Points for Ben & Dev").fill("-30")
    page.get_by_label("Why").fill("renege by Ben")
    press(page, "Save the adjustment")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 1 adjusted")

    page.goto(game_url)
    page.locator("summary", has_text="End the game now").tap()
    press(page, "End the game")
    expect(
        page.get_by_role("heading", name="Game over (ended early): Alice & Cara win")
    ).to_be_visible()
    shot(page, "ended-early")

    core = Game(
        Table("partnership", tuple(names)),
        validate_rules({"blind_bid": 6, "blind_bid_trailing_by": 0}, "partnership"),
        (
            Hand((3, 3, 3, 3), (3, 4, 3, 3), blind=(0,), adjust=(0, -30), note="renege by Ben"),
            Hand((3, 3, 3, 3), (4, 3, 3, 3), dealer=3),
        ),
        ended=True,
    ).score()
    assert totals(page) == [str(total) for total in core.totals]
    assert core.winner == 0 and core.reason == "ended"
    follow(page, "Hand by hand")
    history = page.locator("table.history")
    expect(history).to_contain_text("bid blind")
    expect(history).to_contain_text("adjusted \u221230")
    expect(history).to_contain_text("renege by Ben")
    expect(history.locator("tbody tr").nth(1)).to_contain_text("Dev dealt")
