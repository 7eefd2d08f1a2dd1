"""Every page at 360x740 with 40-character names without a space: nothing scrolls
sideways, and every tap target is at least 44x44 px with room between."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import (
    cramped_targets,
    enter_bids,
    enter_tricks,
    overflowing,
    sideways,
    start_game,
)
from tests.browser.helpers import shot

LONG = ["A" * 39 + "a", "B" * 39 + "b", "C" * 39 + "c", "D" * 39 + "d"]


# A game's own pages past the game page, after its first hand (other languages: the same).
GAME_PAGES = (
    "/history",
    "/rules",
    "/sheet",
    "/settings",
    "/delete",
    "/hands/1",
    "/hands/1/adjust",
    "/hands/2/dealer",
    "/evening",
)


def check(page, name: str) -> None:
    shot(page, f"long-{name}")
    assert sideways(page) <= 0, f"{name}: {overflowing(page)}"
    cramped = cramped_targets(page)
    assert cramped == [], f"{name}: {cramped}"


@pytest.fixture
def narrow(page):
    page.set_viewport_size({"width": 360, "height": 740})
    return page


def test_every_page_with_long_names_at_360(narrow, live_server):
    page = narrow
    page.goto(f"{live_server}/games/new")
    for seat in range(4):
        field = page.get_by_label(f"Player {seat + 1}", exact=True)
        assert field.get_attribute("maxlength") == "40"
    check(page, "new-game")
    page.locator("summary", has_text="House rules").first.tap()
    check(page, "new-game-rules")
    start_game(page, live_server, LONG, target="150")
    game = page.url
    check(page, "bids")
    enter_bids(page, dict(zip(LONG, (4, 3, 3, "nil"), strict=True)))
    check(page, "tricks")
    enter_tricks(page, {f"{LONG[0]} & {LONG[2]}": 7})
    check(page, "after-hand-1")
    for path in GAME_PAGES:
        page.goto(game + path)
        check(page, path.strip("/").replace("/", "-"))
    page.goto(game)
    watch = page.locator("a.share-link").get_attribute("href")
    page.goto(watch)
    check(page, "watch")
    for path in ("/games", "/stats", "/games/import"):
        page.goto(live_server + path)
        check(page, path.strip("/").replace("/", "-"))
        if path == "/games":  # the date on one line, never "2026-12-" and "01"
            lines = page.locator(".game-list .date").first.evaluate(
                "e => e.getClientRects().length"
            )
            assert lines == 1
    page.goto(game)
    enter_bids(page, dict(zip(LONG, (3, 4, 3, 3), strict=True)))
    enter_tricks(page, {f"{LONG[0]} & {LONG[2]}": 6})
    expect(page.get_by_role("heading", name="Game over", exact=False)).to_be_visible()
    check(page, "over")
