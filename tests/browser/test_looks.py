"""The looks: dark mode following the phone, large text and high contrast chosen on the
phone, and the screen kept awake while a game is played."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, start_game
from tests.browser.helpers import close_game, first_screen

WAKE_LOCK_STUB = """
window.wakeCalls = [];
Object.defineProperty(navigator, 'wakeLock', { value: { request: async (kind) => {
  window.wakeCalls.push('request ' + kind);
  const lock = new EventTarget();
  lock.release = async () => { window.wakeCalls.push('release'); };
  return lock;
} } });
"""

SHOWN = """(state) => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def looks(page) -> list[str]:
    return page.evaluate("[...document.documentElement.classList]")


def test_large_text_is_kept_and_each_step_stays_on_one_screen(page, own_server):
    game = f"{own_server.url}/games/{close_game(own_server)}"
    page.goto(game)
    page.get_by_role("button", name="Large text").tap()
    assert looks(page) == ["text-large"]
    # at once, no reload: the tap brings the looks' stylesheet the page came without
    page.wait_for_function("() => getComputedStyle(document.body).fontSize === '22px'")
    page.goto(game)  # kept on the phone, drawn by the server from the first paint
    assert looks(page) == ["text-large"]
    expect(page.get_by_role("button", name="Large text")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "22px"  # 130% of 17
    first_screen(page, "Save bids")
    enter_bids(page, {"Alice": 4, "Ben": 3, "Cara": 3, "Dev": "nil"})
    first_screen(page, "Save tricks")
    page.get_by_role("button", name="High contrast").tap()
    assert looks(page) == ["text-large", "contrast"]
    page.get_by_role("button", name="Large text").tap()
    page.reload()
    assert looks(page) == ["contrast"]


def test_the_screen_stays_awake_while_a_game_is_played(page, live_server):
    page.add_init_script(WAKE_LOCK_STUB)
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"], target="100")
    assert page.evaluate("window.wakeCalls") == ["request screen"]
    page.evaluate(SHOWN, "hidden")
    page.wait_for_function("() => window.wakeCalls.length === 2")
    assert page.evaluate("window.wakeCalls") == ["request screen", "release"]
    page.evaluate(SHOWN, "visible")
    page.wait_for_function("() => window.wakeCalls.length === 3")
    assert page.evaluate("window.wakeCalls").count("request screen") == 2
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})  # Bob & Dan win: the game is over
    expect(page.get_by_role("heading", name="Game over: Bob & Dan win")).to_be_visible()
    page.wait_for_function("() => window.wakeCalls.at(-1) === 'release'")


def test_dark_mode_follows_the_phone(page, live_server):
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server}/games")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert light == "rgb(246, 244, 238)" and dark == "rgb(18, 20, 22)"
    # the header stays a calm dark bar at night, not a bright one
    bar = page.evaluate("getComputedStyle(document.querySelector('header.bar')).backgroundColor")
    assert sum(int(c) for c in re.findall(r"\d+", bar)[:3]) < 3 * 60, bar
