"""A table that never stops when the network does (docs/offline.md), attacked at phone
size with real sockets: a phone's network cut by a proxy (tests/browser/proxy.py) while
another phone saves the same hand, the saves waiting behind a refused one; each entry
goes on the game only as the phone saw it, never on what another phone made of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import enter_bids, enter_tricks, start_game
from tests.browser.helpers import PHONE, shot
from tests.browser.proxy import Proxy
from tests.browser.speech import say, speak

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
BACK = 70_000  # retries wait 2, 4, 8 ... 60 s: the next one after the network is back


@pytest.fixture
def network(own_server):
    """The waiting phone's network to the server: a proxy the test can cut."""
    proxy = Proxy(("127.0.0.1", own_server.port))
    yield proxy
    proxy.close()


def hands_saved(page: Page, url: str) -> list[dict]:
    """The hands the server has for this game, from its game file."""
    response = page.request.get(f"{url}/export.json")
    assert response.ok
    return response.json()["hands"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tricks_waiting_behind_bids_refused_never_go_on_the_other_phone_s_bids(
    browser, page, own_server, network, lang
):
    """Phone A, cut off, enters hand 2's bids and then its tricks; phone B saves other
    bids for hand 2 meanwhile. A's bids are refused in words; once discarded, A's tricks
    (tapped for A's bids) must not be saved on B's bids: refused too, nothing written."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, network.url, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    game = page.url.replace(network.url, own_server.url)

    network.mode = "down"
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    tricks = say(lang, "Hand %(number)s: tricks", number=2)
    expect(page.get_by_role("heading", name=tricks)).to_be_visible()
    enter_tricks(page, {"Ann & Cat": 12}, save=False)
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()
    expect(page.locator(".outbox li")).to_have_count(2)

    context = browser.new_context(**SMALL)  # phone B, on the server itself
    speak(context, lang, "127.0.0.1")
    other = context.new_page()
    try:
        other.goto(game)
        enter_bids(other, {"Ann": 1, "Bob": 6, "Cat": 1, "Dan": 5})
        expect(other.get_by_role("heading", name=tricks)).to_be_visible()
    finally:
        other.context.close()

    network.mode = "pass"
    refused = page.locator(".outbox li.flash-error")
    expect(refused).to_have_count(1, timeout=BACK)
    shot(page, f"offline-refused-bids-{lang}")
    refused.get_by_role("button", name=say(lang, "Discard this entry")).tap()
    refused.get_by_role("button", name=say(lang, "Yes, discard it")).tap()
    # the tricks were tapped for the bids just discarded: refused, said, kept
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text(tricks)
    shot(page, f"offline-refused-tricks-{lang}")
    saved = hands_saved(page, game)
    assert len(saved) == 2 and saved[1]["bids"] == [1, 6, 1, 5]
    assert saved[1].get("tricks") is None and saved[1].get("side_tricks") is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_game_won_by_a_waiting_save_says_so_beside_the_hand_drawn_after_it(
    page, own_server, lang
):
    """The server stopped: hand 2's tricks, which win the game, wait, and the phone (which
    cannot know) draws hand 3, whose bids wait too. Once back, hand 3 is refused in words,
    and the page says the game is over and who won, not that totals are still waiting."""
    page.set_viewport_size(SMALL["viewport"])
    start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"], target="180")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})  # 71 / 150
    own_server.stop()
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    enter_tricks(page, {"Ann & Cat": 7}, save=False)  # 132 / 192: Bob & Dan win
    page.get_by_role("button", name=say(lang, "Save tricks")).tap()
    three = say(lang, "Hand %(number)s: bids", number=3)
    expect(page.get_by_role("heading", name=three)).to_be_visible()
    enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
    page.get_by_role("button", name=say(lang, "Save bids")).tap()
    expect(page.locator(".outbox li")).to_have_count(3)

    own_server.start()
    refused = page.locator(".outbox li.flash-error")
    expect(refused).to_have_count(1, timeout=BACK)
    expect(refused).to_contain_text(three)
    expect(refused).to_contain_text(say(lang, "Not saved: the game is over."))
    expect(page.get_by_role("heading", name=say(lang, "Game over"))).to_be_visible()
    expect(page.locator(".outbox")).not_to_contain_text(say(lang, "Kept on this phone")[:20])
    shot(page, f"offline-game-won-while-waiting-{lang}")
    assert [t.strip() for t in page.locator(".scoreboard .total").all_inner_texts()] == [
        "132",
        "192",
    ]
