"""A big club's manager page on a phone (issue 39): the ratings and the players a page at
a time, a player found by typing a name, the pages' links, two people merged by typing
their names; nothing wider than the phone."""

from __future__ import annotations

from playwright.sync_api import expect

from scorepad.core.club import EMPTY
from scorepad.files import game as gamefile
from scorepad.store.club_commands.transfer import import_club
from scorepad.web.db import get_db
from tests.browser.flows import follow, overflowing, press, sideways, tap_and_load
from tests.ratings_club import game_file

PLAYERS = 120  # three pages of 50


def _club(server) -> str:
    names = [f"Player {i}" for i in range(PLAYERS)]
    files = [
        gamefile.read_scored(
            game_file(((names[t], names[t + 2]), (names[t + 1], names[t + 3])), t % 2)
        )
        for t in range(0, PLAYERS, 4)
    ]
    files.append(
        gamefile.read_scored(game_file((("Plyer 7", "Player 9"), ("Player 1", "Player 3")), 0))
    )
    with server.app.app_context():
        return import_club(get_db(), "Big Spades", EMPTY, files, [])


def _fits(page) -> None:
    assert sideways(page) <= 0, overflowing(page)


def test_a_big_club_s_manager_finds_a_player_and_merges_by_typing(page, own_server):
    club_id = _club(own_server)
    page.goto(f"{own_server.url}/clubs/{club_id}")
    ratings = page.locator("table.standings").first.locator("tbody tr")
    expect(ratings).to_have_count(50)
    expect(page.locator(".roster > li")).to_have_count(50)
    expect(page.get_by_text("Page 1 of 3").first).to_be_visible()
    _fits(page)

    tap_and_load(
        page, page.get_by_role("navigation", name="Pages of the ratings").get_by_role("link")
    )
    expect(page.get_by_text("Page 2 of 3").first).to_be_visible()
    expect(ratings.first.locator("td").first).to_have_text("51")

    page.get_by_label("Find a player by name").fill("player 7")
    press(page, "Find")
    expect(ratings).to_have_count(11)  # Player 7, Player 70 to Player 79
    expect(page.get_by_text("found for “player 7”")).to_be_visible()
    _fits(page)

    page.get_by_label("Keep", exact=True).fill("Player 7")
    page.get_by_label("is the same person as").fill("plyer 7")
    press(page, "Merge into one person")
    expect(page.locator(".flash").first).to_contain_text("Merged")
    page.get_by_label("Find a player by name").fill("plyer")
    press(page, "Find")
    expect(page.locator(".roster > li")).to_have_count(1)
    expect(page.locator(".roster > li").first).to_contain_text(
        "Player 7 (plays as Player 7, Plyer 7)"
    )
    follow(page, "Show everyone")
    expect(page.locator(".roster > li")).to_have_count(50)
    _fits(page)
