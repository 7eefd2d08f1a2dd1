"""axe scans every page at a phone's size: no serious or critical violation, in the light
and dark colour schemes, in large text and in high contrast (light and dark)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, press, start_game
from tests.browser.helpers import assert_accessible_in

# Each look the server draws (a cookie, as the phone's own choice leaves it) and the colour
# schemes it is checked in (one page load checked in each scheme in turn).
LOOKS = {"": ("light", "dark"), "large": ("light",), "contrast": ("light", "dark")}


def _checked(page, name: str, look: str) -> None:
    assert_accessible_in(page, f"{name}-{look}" if look else name, LOOKS[look])


@pytest.mark.parametrize("look", list(LOOKS))
def test_every_page(page, live_server, look):
    if look:
        page.context.add_cookies([{"name": "look", "value": look, "url": live_server}])
    page.goto(f"{live_server}/games")
    _checked(page, "games", look)
    page.goto(f"{live_server}/games/new")
    _checked(page, "new-game", look)
    press(page, "Start game")
    _checked(page, "new-game-refused", look)
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"], target="100")
    _checked(page, "bids", look)
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
    _checked(page, "tricks", look)
    enter_tricks(page, {"Alice & Cara": 8})
    expect(page.get_by_role("heading", name="Game over: Ben & Dev win")).to_be_visible()
    _checked(page, "over", look)
    game_url = page.url
    page.goto(f"{game_url}/history")
    _checked(page, "history", look)
    page.goto(f"{game_url}/hands/1")
    _checked(page, "edit", look)
    for extra in ("rules", "sheet"):
        page.goto(f"{game_url}/{extra}")
        _checked(page, extra, look)
    page.goto(game_url)
    page.goto(page.locator("a.share-link").get_attribute("href"))
    _checked(page, "watch", look)
    page.goto(f"{live_server}/stats")
    _checked(page, "stats", look)
    page.goto(f"{live_server}/offline")
    _checked(page, "offline", look)
    page.goto(f"{live_server}/games/import")
    _checked(page, "import", look)
    page.goto(f"{live_server}/games/no-such-game")
    _checked(page, "not-found", look)
