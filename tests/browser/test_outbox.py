"""The table never stops (issue 41, docs/offline.md): with the server really stopped, the
scorer's saves are kept on the phone and shown as waiting to send; once the server is
started again they arrive in order, once each, and the notice goes with the first answer.
Plain http on 127.0.0.1 at a phone's size; no browser emulation of being offline."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.flows import enter_bids, enter_tricks, start_game, totals

WAITING = "waiting to send"
NOTICE = "No connection: what you enter is kept on this phone and sent once the server answers."


def hands_saved(page: Page, game_url: str) -> list[dict]:
    """The hands the server has for this game, from its game file."""
    response = page.request.get(f"{game_url}/export.json")
    assert response.ok
    return response.json()["hands"]


def first_hand(page: Page, base: str) -> str:
    start_game(page, base, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})  # Dan's own count, as a nil bidder, is 0 already
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    assert totals(page) == ["71", "150"]
    return page.url


def save_waiting(page: Page, button: str) -> None:
    """Tap a save the server cannot answer: it waits on the phone, and the page says so."""
    page.get_by_role("button", name=button).tap()
    expect(page.locator(".outbox")).to_contain_text(WAITING)


def test_bids_saved_while_the_server_is_down_arrive_once_it_is_back(page, own_server):
    game = first_hand(page, own_server.url)
    own_server.stop()
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    save_waiting(page, "Save bids")
    outbox = page.locator(".outbox")
    expect(outbox).to_contain_text("Hand 2: bids (Cat 3, Dan 2, Ann 3, Bob 2): waiting to send.")
    expect(page.locator(".offline-notice")).to_have_text(NOTICE)
    expect(page.locator(".offline-notice")).to_be_visible()

    own_server.start()
    expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible(timeout=20_000)
    expect(outbox).to_be_hidden()
    expect(page.locator(".offline-notice")).to_be_hidden()
    assert [h["bids"] for h in hands_saved(page, game)] == [[4, 5, 3, "nil"], [3, 2, 3, 2]]
