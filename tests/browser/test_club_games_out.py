"""Issue 39 on a phone (360x740), through waitress with CSRF on as served: a club file over
1 MB imports; a game file brought into the club shows on the club's games page, and is
taken out asked twice; the same file brought again is said to be in the club already."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.flows import overflowing, sideways
from tests.browser.helpers import assert_accessible, shot
from tests.ratings_club import game_file


def test_a_club_over_1_mb_imports_and_a_game_is_taken_out_on_a_phone(page, live_server, tmp_path):
    page.set_viewport_size({"width": 360, "height": 740})
    club = {"scorepad_club": 1, "name": "Big Friday", "roster": [], "games": []}
    big = tmp_path / "club.json"
    big.write_text(json.dumps(club) + " " * (1024 * 1024 + 1000))  # past the app's 1 MB
    page.goto(f"{live_server}/clubs/import")
    page.locator("input[type=file]").set_input_files(str(big))
    page.get_by_role("button", name="Import").tap()
    expect(page.locator(".flash").first).to_contain_text("Imported.")
    expect(page.locator("h1")).to_have_text("Big Friday")

    game = tmp_path / "game.json"
    game.write_text(json.dumps(game_file((("Ann", "Cy"), ("Bo", "Di")), 0)))
    for said in ("Imported.", "This game is already in the club"):
        page.locator("#import-file").set_input_files(str(game))
        with page.expect_navigation():
            page.get_by_role("button", name="Bring it into the club").tap()
        expect(page.locator(".flash").first).to_contain_text(said)

    page.get_by_role("link", name="The club's games").tap()
    games = page.locator(".club-games > li")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("Ann & Cy won")
    assert sideways(page) <= 0, overflowing(page)
    assert_accessible(page, "club-games")
    games.first.get_by_role("button", name="Take out").tap()  # asked first
    shot(page, "club-take-out")
    assert sideways(page) <= 0, overflowing(page)
    assert_accessible(page, "club-take-out-asked")
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, take this game out").tap()
    expect(page.locator(".flash").first).to_contain_text("Taken out: it counts no more.")
    expect(games).to_have_count(0)
