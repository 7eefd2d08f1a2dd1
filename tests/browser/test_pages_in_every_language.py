"""Every single-game page at 360x740 in Spanish and in the pseudo-language (issue 31),
whose words are longer than English: nothing wider than the screen, no words spilling out
of their button or link, every tap target still 44x44 px with room between."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from tests.browser.flows import (
    cramped_targets,
    enter_bids,
    enter_tricks,
    overflowing,
    press,
    sideways,
    start_game,
)
from tests.browser.helpers import shot, stored_game
from tests.browser.speech import LANGUAGES, say, spilled, suffix
from tests.browser.test_every_page import GAME_PAGES

NAMES = ["Alice", "Ben", "Cara", "Dev"]
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def check(page, lang: str, name: str) -> None:
    shot(page, f"words-{name}-360{suffix(lang)}")
    assert sideways(page) <= 0, f"{name}: {overflowing(page)}"
    assert spilled(page) == [], name
    assert cramped_targets(page) == [], name


@pytest.fixture
def narrow(page):
    page.set_viewport_size({"width": 360, "height": 740})
    return page


@pytest.mark.parametrize("lang", OTHERS)
def test_every_single_game_page_fits_360(narrow, own_server, lang):
    page, base = narrow, own_server.url
    page.goto(f"{base}/games/new")
    check(page, lang, "new-game")
    # the first dealer's choices: a seat in the page's words until its player is named
    first, seat = page.locator(".dealers label span").first, say(lang, "Seat %(number)d", number=1)
    expect(first).to_have_text(seat)
    page.get_by_label(say(lang, "Player 1"), exact=True).fill("Zed")
    expect(first).to_have_text("Zed")
    page.get_by_label(say(lang, "Player 1"), exact=True).fill("")
    expect(first).to_have_text(seat)
    page.locator("summary", has_text=say(lang, "House rules")).first.tap()
    check(page, lang, "new-game-rules")
    start_game(page, base, NAMES, target="300")
    game = page.url
    check(page, lang, "bids")
    enter_bids(page, {"Alice": 4, "Ben": 3, "Cara": 3, "Dev": "nil"})
    check(page, lang, "tricks")
    enter_tricks(page, {"Alice & Cara": 7})
    check(page, lang, "after-hand-1")
    for path in GAME_PAGES:
        page.goto(game + path)
        check(page, lang, path.strip("/").replace("/", "-"))
    page.goto(game)
    watch = page.locator("a.share-link").get_attribute("href")
    page.goto(watch)
    check(page, lang, "watch")
    for path in ("/games", "/stats", "/games/import"):
        page.goto(base + path)
        check(page, lang, path.strip("/").replace("/", "-"))


@pytest.mark.parametrize("lang", OTHERS)
def test_the_seat_pages_and_a_game_over_fit_360(narrow, own_server, lang):
    page, base = narrow, own_server.url
    table = Table("partnership", tuple(NAMES))
    both = Hand((5, 4, 3, 1), (5, 4, 3, 1))  # 80 to 50 a hand: over after the second
    page.goto(f"{base}/games/{stored_game(own_server, table, Rules(target=150), [both], 'side')}")
    page.locator("summary", has_text=say(lang, "Let each player bid from their own phone")).tap()
    press(page, say(lang, "Give each seat its own link"))
    check(page, lang, "seat-links")
    link = page.locator("a.seat-link").first.get_attribute("href")
    page.goto(link)
    check(page, lang, "seat-claim")
    press(page, say(lang, "I am %(name)s", name="Alice"))
    check(page, lang, "seat")
    over = stored_game(own_server, table, Rules(target=150), [both, both], "side")
    page.goto(f"{base}/games/{over}")
    expect(page.get_by_role("heading", name=say(lang, "Game over"), exact=False)).to_be_visible()
    check(page, lang, "over")


@pytest.mark.parametrize("lang", ["es"])  # the server offers Spanish; the phone asks English
def test_the_chosen_language_is_spoken_at_once_and_kept_pages_follow_it(browser, own_server):
    from playwright.sync_api import expect

    from tests.browser.helpers import PHONE, close_game

    game = f"{own_server.url}/games/{close_game(own_server)}"
    new = f"{own_server.url}/games/new"
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(game)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.goto(new)  # kept by the worker, in English
        page.wait_for_function("url => caches.match(url).then(Boolean)", arg=new)
        page.goto(game)
        page.get_by_role("link", name="Language: English").tap()
        page.get_by_label("Español").tap()
        page.get_by_role("button", name="Use this language").tap()
        expect(page.locator("html")).to_have_attribute("lang", "es")  # no reload
        expect(page.get_by_role("link", name="Idioma: Español")).to_be_visible()
        # the worker is drawn again in Spanish; the English pages it kept are gone
        kept = """async (url) => {
            const keys = await caches.keys();
            return keys.length > 0 && keys.every((k) => k.startsWith("scorepad-es-"))
                && !(await caches.match(url));
        }"""
        for _ in range(50):
            if page.evaluate(kept, new):
                break
            page.wait_for_timeout(200)
        assert page.evaluate(kept, new)
        own_server.stop()
        page.goto(new)
        expect(page.locator("html")).to_have_attribute("lang", "es")
    finally:
        context.close()
