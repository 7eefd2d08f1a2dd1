"""A hand on one screen: at 390x844 and 360x740 (and at 360x740 in Spanish and in the
pseudo-language, whose words are longer), with four players and the stakes showing,
each step shows the scoreboard, the last hand's result, the choices and Save without a
scroll; a second tap 150 ms after Save changes nothing; choices survive a reload."""

from __future__ import annotations

import functools
import re

import pytest
from playwright.sync_api import expect

from scorepad.core.records import NIL, Hand, Table
from scorepad.core.rules import Rules
from tests.browser.flows import cramped_targets, enter_bids, enter_tricks, press
from tests.browser.helpers import close_game, first_screen, shot, stored_game, within_first_screen
from tests.browser.speech import LANGUAGES, say, say_n, spilled, suffix

# English at both phone sizes; Spanish and the pseudo-language's longer words at the small one
CASES = [
    ("en", 390, 844),
    ("en", 360, 740),
    *((lang, 360, 740) for lang in LANGUAGES if lang != "en"),
]


@pytest.fixture
def own_config():
    """app.js's own wait after a save (450 ms): these tests tap during it."""
    return {"SETTLE_MS": None}


def chosen(page) -> list[str]:
    """What the hand form on the page holds, by field name."""
    return sorted(
        page.locator("form.hand-form input:checked").evaluate_all(
            "inputs => inputs.map(i => i.name + '=' + i.value)"
        )
    )


def said(page, lang: str, locator: str, english: str, *parts: str) -> None:
    """A sentence the words have not all reached the catalogue for: in English exactly as
    said, in another language these parts of it (names, numbers)."""
    for text in [english] if lang == "en" else parts:
        expect(page.locator(locator).first).to_contain_text(text)


@pytest.mark.parametrize(("lang", "width", "height"), CASES)
def test_each_step_fits_the_first_screen_and_a_second_tap_changes_nothing(
    page, own_server, lang, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    game_id = close_game(own_server)
    page.goto(f"{own_server.url}/games/{game_id}")
    step = functools.partial(say, lang, number=3)
    save_bids, save_tricks = say(lang, "Save bids"), say(lang, "Save tricks")
    expect(page.get_by_role("heading", name=step("Hand %(number)s: bids"))).to_be_visible()
    said(page, lang, ".stakes", "1 more bag costs Alice & Cara 100", "Alice & Cara", "100")
    made = say_n(lang, "made %(took)d of %(bid)d", "made %(took)d of %(bid)d", 2, took=9, bid=7)
    bags = say_n(lang, "%(num)d bag", "%(num)d bags", 2)
    expect(page.locator(".last-result").first).to_contain_text(f"{made} ({bags})")
    first_screen(page, save_bids)
    shot(page, f"one-screen-bids-{width}{suffix(lang)}")
    enter_bids(page, {"Alice": 4, "Ben": 3, "Cara": 3, "Dev": "nil"}, save=False)
    first_screen(page, save_bids)
    assert cramped_targets(page) == []
    assert spilled(page) == []

    save = page.get_by_role("button", name=save_bids, exact=True).bounding_box()
    x, y = save["x"] + save["width"] / 2, save["y"] + save["height"] / 2
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(150)
    page.touchscreen.tap(x, y)  # the second tap of a double tap
    expect(page.get_by_role("heading", name=step("Hand %(number)s: tricks"))).to_be_visible()
    expect(page.locator("[role=alert]")).to_have_count(0)
    # both taps came before the answer was shown: a second save would have been sent by now
    assert posts == [f"{own_server.url}/games/{game_id}/bids"]  # one save, nothing more
    # the new step takes taps once it has settled (app.js holds them back a moment)
    page.wait_for_function("() => !document.body.classList.contains('settling')")
    # nothing chosen on the new step but the nil bidder's own 0
    assert chosen(page) == ["tricks_3=0"]
    said(page, lang, ".lead-line", "Ben & Dev bid 3 (Ben 3, Dev nil)", "Ben & Dev", "Dev")
    said(page, lang, ".stakes", "1 more bag costs Alice & Cara 100", "Alice & Cara", "100")
    first_screen(page, save_tricks)
    shot(page, f"one-screen-tricks-{width}{suffix(lang)}")
    assert cramped_targets(page) == []
    assert spilled(page) == []

    enter_tricks(page, {"Alice & Cara": 8}, save=False)
    first_screen(page, save_tricks)  # the nil bidder's count, opened in turn, fits too
    press(page, save_tricks)
    announce = page.locator("#announce")
    if lang == "en":
        expect(announce).to_have_text(
            "Hand 3: Alice & Cara made 8 of 7 (1 bag), bag penalty \u2212100; "
            "Ben & Dev made 5 of 3 (2 bags), Dev's nil made. 115 to 12."
        )
    else:  # its figures, in the catalogue's words
        expect(announce).to_contain_text(say(lang, "bag penalty %(points)s", points="\u2212100"))
        expect(announce).to_contain_text("115")
    first_screen(page, save_bids)
    assert spilled(page) == []


def test_a_reload_after_an_unanswered_save_sends_it_once(page, own_server):
    """A save cut off waits on the phone (issue 41, docs/offline.md), with what it held; a
    reload finds it there and sends it, once; the choices kept for the form go with it."""
    page.goto(f"{own_server.url}/games/{close_game(own_server)}")
    enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"}, save=False)
    page.context.route(re.compile(r".*/bids$"), lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator(".outbox li")).to_contain_text("Alice bid: 4")
    page.context.unroute(re.compile(r".*/bids$"))
    page.reload()
    expect(page.locator(".outbox")).to_have_count(0, timeout=20_000)
    expect(page.get_by_role("heading", name="Hand 3: tricks")).to_be_visible()
    page.reload()  # saved: the phone's copies are gone with it
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('form:'))") == []
    assert page.evaluate("localStorage.getItem('outbox:' + location.pathname)") is None


def test_counting_by_player_a_nil_is_at_0_and_the_last_count_follows(page, own_server):
    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    game_id = stored_game(own_server, table, Rules(), [Hand((4, 5, 3, NIL), None)], "seat")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{own_server.url}/games/{game_id}")
    expect(page.get_by_role("button", name="Dev tricks: 0")).to_be_visible()
    enter_tricks(page, {"Ben": 5, "Cara": 3}, save=False)  # Alice is the last: she follows
    assert chosen(page) == ["tricks_0=5", "tricks_1=5", "tricks_2=3", "tricks_3=0"]
    expect(page.locator(".remaining")).to_contain_text("Alice took 5: all 13 tricks assigned")
    first_screen_no_stakes = page.get_by_role("button", name="Save tricks")
    within_first_screen(page, first_screen_no_stakes)
    press(page, "Save tricks")
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
