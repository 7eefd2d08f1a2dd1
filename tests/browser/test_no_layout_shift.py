"""Nothing moves after the first paint (issue 28, item 1): with the script slow to come,
as on a phone's network, the page first painted is the page the script leaves, on the
game page (both hand steps), the Fix page, the seat page, the director's page, the big
screen and the TV view, after load and after a tap-and-save. A shift a tap causes (a
group opened) is the person's own and not counted, as the cumulative layout shift."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.flows import enter_bids, enter_tricks, press
from tests.browser.helpers import close_game, shot
from tests.live import Phone

SIZES = [(390, 844), (360, 740)]
SCRIPT_DELAY_S = 0.6

# every layout shift since the page began, those not right after an input summed
SHIFTS = """() => new Promise((done) => {
  const seen = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (!e.hadRecentInput)
    seen.push([e.value, e.sources.map((s) => s.node ? s.node.outerHTML.slice(0, 60) : "")]); }))
    .observe({ type: "layout-shift", buffered: true });
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(seen), 100)));
})"""


def _slow_script(page: Page) -> None:
    def later(route):
        time.sleep(SCRIPT_DELAY_S)
        route.continue_()

    page.route(re.compile(r"/static/app[^/]*\.js"), later)


def _loaded(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => !document.querySelector('footer.looks').hidden")  # app.js ran


def _shifts(page: Page) -> list:
    return page.evaluate(SHIFTS)


def _no_shift(page: Page, name: str) -> None:
    shifts = _shifts(page)
    assert sum(value for value, _ in shifts) == 0, (name, shifts)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_game_page_holds_still_at_both_steps(page, own_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    _slow_script(page)
    game = f"{own_server.url}/games/{close_game(own_server)}"
    _loaded(page, game)
    shot(page, f"no-shift-bids-{width}")
    _no_shift(page, "bids step, loaded")
    enter_bids(page, {"Alice": 4, "Ben": 3, "Cara": 3, "Dev": "nil"})
    expect(page.get_by_role("heading", name="Hand 3: tricks")).to_be_visible()
    _no_shift(page, "bids saved")
    _loaded(page, game)
    shot(page, f"no-shift-tricks-{width}")
    _no_shift(page, "tricks step, loaded")
    enter_tricks(page, {"Alice & Cara": 8})
    expect(page.get_by_role("heading", name="Hand 4: bids")).to_be_visible()
    _no_shift(page, "tricks saved")


def test_the_fix_page_holds_still(page, own_server):
    _slow_script(page)
    game = f"{own_server.url}/games/{close_game(own_server)}"
    page.goto(game)
    _loaded(page, f"{game}/hands/2")
    _no_shift(page, "fix page")


def _seat_link(base: str) -> tuple[str, str]:
    phone = Phone(base)
    game_id = phone.start_game(("Alice", "Ben", "Cara", "Dev"), table="partnership")
    phone.request(f"/games/{game_id}")
    assert phone.request(f"/games/{game_id}/seats", {"seats": "on"})[0] == 302
    _, _, html = phone.request(f"/games/{game_id}")
    return game_id, re.findall(r'href="(http[^"]+/seat/[\w-]+)"', html)[0]


def test_the_seat_page_and_the_tv_view_hold_still(page, live_server):
    _slow_script(page)
    game_id, link = _seat_link(live_server)
    _loaded(page, link)
    press(page, "I am Alice")
    _loaded(page, link)
    _no_shift(page, "seat page, loaded")
    page.get_by_role("radio", name="4", exact=True).tap()
    press(page, "Save my bid")
    expect(page.get_by_text("Your bid: 4.")).to_be_visible()
    _no_shift(page, "seat page, bid saved")
    _loaded(page, f"{live_server}/games/{game_id}")
    _no_shift(page, "the scorer's page with seat links")
    tv = page.locator("a", has_text="The live score for a TV").get_attribute("href")
    _loaded(page, live_server + tv if tv.startswith("/") else tv)
    _no_shift(page, "TV view")


def test_the_directors_page_and_the_big_screen_hold_still(page, live_server):
    """The director makes the night and checks the pairs in by pressing the page's
    buttons, as a person does, then the page is measured."""
    _slow_script(page)
    page.goto(f"{live_server}/events/new")
    page.locator("#name").fill("Tuesday club")
    page.get_by_label("Round length in minutes", exact=True).fill("30")
    press(page, "Create the event")
    event = page.url.split("#")[0].rsplit("/", 1)[-1]
    for north, south in [("North1", "South1"), ("North2", "South2"), ("North3", "South3")]:
        page.get_by_label("Name", exact=True).fill(north)
        page.get_by_label("Partner").fill(south)
        press(page, "Check in")
        expect(page.locator(".flash").filter(has_text=f"{north} & {south} in.")).to_be_visible()
    _loaded(page, f"{live_server}/events/{event}")
    _no_shift(page, "director, check-in")
    press(page, "Draw round 1")
    press(page, "Start round 1")
    expect(page.get_by_text("Round started")).to_be_visible()
    _no_shift(page, "director, round started")
    _loaded(page, f"{live_server}/events/{event}")
    shot(page, "no-shift-director")
    _no_shift(page, "director, round in play")
    screen = page.locator("a", has_text="Standings and clock").first.get_attribute("href")
    _loaded(page, live_server + screen if screen.startswith("/") else screen)
    _no_shift(page, "big screen")
