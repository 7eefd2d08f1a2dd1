"""axe scans every page at a phone's size: no serious or critical violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, press, start_game
from tests.browser.helpers import assert_accessible


@pytest.mark.parametrize(
    ("scheme", "look"),
    [("light", ""), ("dark", ""), ("light", "large"), ("light", "contrast"), ("dark", "contrast")],
)
def test_every_page(page, live_server, scheme, look):
    page.emulate_media(color_scheme=scheme)
    if look:  # as the phone's own choice leaves it: a cookie the server draws every page with
        page.context.add_cookies([{"name": "look", "value": look, "url": live_server}])
        scheme = f"{scheme}-{look}"
    page.goto(f"{live_server}/games")
    assert_accessible(page, f"games-{scheme}")
    page.goto(f"{live_server}/games/new")
    assert_accessible(page, f"new-game-{scheme}")
    press(page, "Start game")
    assert_accessible(page, f"new-game-refused-{scheme}")
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"], target="100")
    assert_accessible(page, f"bids-{scheme}")
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    assert_accessible(page, f"tricks-{scheme}")
    enter_tricks(page, {"Alice & Cara": 8})
    expect(page.get_by_role("heading", name="Game over: Ben & Dev win")).to_be_visible()
    assert_accessible(page, f"over-{scheme}")
    game_url = page.url
    page.goto(f"{game_url}/history")
    assert_accessible(page, f"history-{scheme}")
    page.goto(f"{game_url}/hands/1")
    assert_accessible(page, f"edit-{scheme}")
    for extra in ("rules", "sheet"):
        page.goto(f"{game_url}/{extra}")
        assert_accessible(page, f"{extra}-{scheme}")
    page.goto(game_url)
    page.goto(page.locator("a.share-link").get_attribute("href"))
    assert_accessible(page, f"watch-{scheme}")
    page.goto(f"{live_server}/stats")
    assert_accessible(page, f"stats-{scheme}")
    page.goto(f"{live_server}/offline")
    assert_accessible(page, f"offline-{scheme}")
    page.goto(f"{live_server}/games/import")
    assert_accessible(page, f"import-{scheme}")
    page.goto(f"{live_server}/games/no-such-game")
    assert_accessible(page, f"not-found-{scheme}")
