"""The installed app opens on /games (the manifest's start page). Offline it lists the games
this phone has with their last scores, though the phone played them without ever going back
to /games: the worker keeps the start page current whenever a game's page changes."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, start_game, totals
from tests.browser.helpers import PHONE

KEPT_START_PAGE = """async (text) => {
  const kept = await caches.match("/games", { ignoreVary: true });
  return Boolean(kept) && (await kept.text()).includes(text);
}"""


def listed(page) -> list[str]:
    return [t.strip() for t in page.locator(".game-list strong").all_inner_texts()]


def offline_start_page(page, server, scores: str) -> None:
    """Stop the server for real, open /games as the home-screen app does: `scores` listed."""
    # the worker keeps the start page just after the save it follows: as a phone would, let
    # it finish before the network goes
    deadline = time.monotonic() + 10
    while not page.evaluate(KEPT_START_PAGE, scores.replace("&", "&amp;")):
        assert time.monotonic() < deadline, f"the kept start page never showed {scores}"
        page.wait_for_timeout(100)
    server.stop()
    page.goto(f"{server.url}/games")
    expect(page.locator(".offline-notice")).to_be_visible()
    assert listed(page) == [scores]


def test_the_start_page_offline_lists_the_games_with_their_last_scores(browser, own_server):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{own_server.url}/games")  # the home-screen app's first start
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        expect(page.get_by_text("No game in progress.")).to_be_visible()
        start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
        enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
        enter_tricks(page, {"Ann & Cat": 8})
        assert totals(page) == ["71", "150"]
        offline_start_page(page, own_server, "Ann & Cat 71 · Bob & Dan 150")

        own_server.start()  # back online: the game goes on, the start page follows it
        page.get_by_role("link", name="Ann & Cat 71").tap()
        expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
        expect(page.locator(".offline-notice")).to_be_hidden()
        enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2})
        enter_tricks(page, {"Ann & Cat": 6})
        ours, theirs = totals(page)
        offline_start_page(page, own_server, f"Ann & Cat {ours} · Bob & Dan {theirs}")
    finally:
        context.close()


def test_an_unchanged_game_page_does_not_fetch_the_start_page_again(browser, own_server):
    from tests.browser.helpers import close_game
    from tests.browser.test_cold_load import counted

    game = f"{own_server.url}/games/{close_game(own_server)}"
    seen: list[str] = []
    own_server.app.wsgi_app = counted(own_server.app.wsgi_app, seen)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(game)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.reload()  # through the worker: the start page is not kept yet, so it is
        deadline = time.monotonic() + 10
        # kept, not only asked for: a reload before the worker has put it away asks again
        while "GET /games" not in seen or not page.evaluate(KEPT_START_PAGE, ""):
            assert time.monotonic() < deadline, seen
            page.wait_for_timeout(100)
        seen.clear()
        page.reload()
        page.wait_for_timeout(500)
        assert "GET /games" not in seen, seen
    finally:
        context.close()
