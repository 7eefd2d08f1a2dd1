"""Every screen holds in every look (issue 28's closing paragraph): at 390x844 and
360x740, in the default look, Large text, High contrast and both, on plain http from a
name that is not the host's (the notice showing), each hand step (bids, tricks), the Fix
page and the seat page keep their Save and the last result (where shown) on the first
screen; for a partnership game and a 4-player cutthroat game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from tests.browser.flows import press
from tests.browser.helpers import NAME, PHONE, stored_game, within_first_screen
from tests.browser.server import Restartable
from tests.browser.test_no_layout_shift import _seat_link

SIZES = [(390, 844), (360, 740)]
LOOKS = ["", "large", "contrast", "large.contrast"]
TABLES = {
    "partnership": Table("partnership", ("Alice", "Ben", "Cara", "Dev")),
    "cutthroat": Table("cutthroat", ("Alice", "Ben", "Cara", "Dev")),
}
PLAYED = [Hand((4, 3, 3, 3), (5, 3, 4, 1)), Hand((4, 3, 3, 3), (6, 2, 3, 2))]
STEPS = {"bids": "Save bids", "tricks": "Save tricks", "fix": "Save hand 2"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Restartable(str(tmp_path_factory.mktemp("looks") / "scorepad.db")).start()
    yield served
    served.stop()


def _plain(url: str) -> str:
    return url.replace("127.0.0.1", NAME)


@pytest.fixture(scope="module")
def phone(named_browser):
    context = named_browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def _open(page, url: str, look: str, width: int, height: int):
    page.context.clear_cookies()
    page.context.add_cookies([{"name": "look", "value": look, "url": url}])
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url)
    return page


def _holds(page, save: str) -> None:
    assert page.evaluate("window.scrollY") == 0
    within_first_screen(page, page.get_by_role("button", name=save, exact=True))
    if page.locator(".last-result").count():
        within_first_screen(page, page.locator(".last-result").first)


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("look", LOOKS, ids=["default", "large", "contrast", "both"])
@pytest.mark.parametrize("mode", TABLES)
@pytest.mark.parametrize("step", STEPS)
def test_each_step_keeps_save_and_the_last_result_on_the_first_screen(
    phone, server, step, mode, look, width, height
):
    pending = [Hand((4, 3, 3, 3), None)] if step == "tricks" else []
    game_id = stored_game(server, TABLES[mode], Rules(), PLAYED + pending, "seat")
    url = _plain(f"{server.url}/games/{game_id}" + ("/hands/2" if step == "fix" else ""))
    page = _open(phone, url, look, width, height)
    if step != "fix":
        expect(page.locator(".insecure-notice")).to_be_visible()
    _holds(page, STEPS[step])


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("look", LOOKS, ids=["default", "large", "contrast", "both"])
def test_the_seat_page_keeps_save_on_the_first_screen(phone, server, look, width, height):
    page = _open(phone, _plain(_seat_link(server.url)[1]), look, width, height)
    press(page, "I am Alice")
    _holds(page, "Save my bid")
