"""At 360x740, a change made on another page (a fix, an adjustment, the settings, a hand
put back) is said on the game page without pushing the hand step's Save off the first
screen; a refusal still comes first."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, press, start_game, tap_and_load
from tests.browser.helpers import first_screen, shot

NAMES = ["Alice", "Ben", "Cara", "Dev"]


def _two_hands(page, base: str) -> str:
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, base, NAMES, target="300")
    enter_bids(page, {"Alice": "nil", "Ben": 3, "Cara": 4, "Dev": 5})
    enter_tricks(page, {"Alice & Cara": 5})
    enter_bids(page, {"Alice": 3, "Ben": 3, "Cara": 4, "Dev": 2})
    enter_tricks(page, {"Alice & Cara": 8})
    return page.url


def test_a_fix_and_the_settings_leave_save_bids_on_the_first_screen(page, live_server):
    game = _two_hands(page, live_server)
    page.goto(f"{game}/hands/1")
    press(page, "Save hand 1")
    expect(page.locator(".flash-ok")).to_have_text(
        "Hand 1 corrected; every later hand was scored again."
    )
    shot(page, "flash-after-fix-360")
    first_screen(page, "Save bids")
    page.goto(f"{game}/settings")
    press(page, "Save settings")
    expect(page.locator(".flash-ok")).to_contain_text("Settings saved")
    first_screen(page, "Save bids")


def test_put_back_leaves_save_bids_on_the_first_screen(page, live_server):
    _two_hands(page, live_server)
    page.get_by_role("button", name="Undo hand 2").tap()
    tap_and_load(page, page.get_by_role("button", name="Yes, undo hand 2"))
    tap_and_load(page, page.get_by_role("button", name="Put hand 2 back"))
    expect(page.locator(".flash-ok")).to_have_text("Hand 2 is back, as it was saved.")
    first_screen(page, "Save bids")


def test_a_refusal_is_still_said_first(page, live_server):
    _two_hands(page, live_server)
    enter_bids(page, dict.fromkeys(NAMES, 3), save=False)
    # a form for hand 2, whose bids are saved already (as from a phone a hand behind)
    page.evaluate("document.querySelector('form.bids-form [name=number]').value = '2'")
    press(page, "Save bids")
    expect(page.locator(".flash-error")).to_contain_text("were already saved on another phone")
    first = page.locator("main > :not(.sr-only)").first
    expect(first).to_have_class(re.compile(r"\bflash-error\b"))
