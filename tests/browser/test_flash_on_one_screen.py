"""At 360x740, a change made on another page (a fix, an adjustment, the settings, a hand
put back) is said on the game page without pushing the hand step's Save off the first
screen; a refusal still comes first. In English, Spanish and the pseudo-language (whose
words are a third longer: tests/browser/speech.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, press, start_game, tap_and_load
from tests.browser.helpers import first_screen, shot
from tests.browser.speech import LANGUAGES, say, spilled, suffix

NAMES = ["Alice", "Ben", "Cara", "Dev"]


def _two_hands(page, base: str) -> str:
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, base, NAMES, target="300")
    enter_bids(page, {"Alice": "nil", "Ben": 3, "Cara": 4, "Dev": 5})
    enter_tricks(page, {"Alice & Cara": 5})
    enter_bids(page, {"Alice": 3, "Ben": 3, "Cara": 4, "Dev": 2})
    enter_tricks(page, {"Alice & Cara": 8})
    return page.url


def _said(page, lang: str, english: str, **values) -> None:
    """The change said in a flash, in the page's language: `english` (a message of the
    catalogue) said with `values`."""
    expect(page.locator(".flash-ok")).to_have_text(say(lang, english, **values))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fix_and_the_settings_leave_save_bids_on_the_first_screen(page, own_server, lang):
    game = _two_hands(page, own_server.url)
    page.goto(f"{game}/hands/1")
    press(page, say(lang, "Save hand %(number)s", number=1))
    _said(page, lang, "Hand %(number)d corrected; every later hand was scored again.", number=1)
    shot(page, f"flash-after-fix-360{suffix(lang)}")
    first_screen(page, say(lang, "Save bids"))
    assert spilled(page) == []
    page.goto(f"{game}/settings")
    press(page, say(lang, "Save settings"))
    _said(page, lang, "Settings saved; every hand was scored again.")
    first_screen(page, say(lang, "Save bids"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_put_back_leaves_save_bids_on_the_first_screen(page, own_server, lang):
    _two_hands(page, own_server.url)
    page.get_by_role("button", name=say(lang, "Undo the tricks of hand %(number)s", number=2)).tap()
    yes = say(lang, "Yes, undo the tricks of hand %(number)s", number=2)
    tap_and_load(page, page.get_by_role("button", name=yes))
    back = say(lang, "Put hand %(number)s back", number=2)
    tap_and_load(page, page.get_by_role("button", name=back))
    _said(page, lang, "Hand %(number)d is back, as it was saved.", number=2)
    shot(page, f"flash-put-back-360{suffix(lang)}")
    first_screen(page, say(lang, "Save bids"))
    assert spilled(page) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_is_still_said_first(page, own_server, lang):
    _two_hands(page, own_server.url)
    enter_bids(page, dict.fromkeys(NAMES, 3), save=False)
    # a form for hand 2, whose bids are saved already (as from a phone a hand behind)
    page.evaluate("document.querySelector('form.bids-form [name=number]').value = '2'")
    press(page, say(lang, "Save bids"))
    refusal = page.locator(".flash-error")
    if lang == "en":
        expect(refusal).to_contain_text("were already saved on another phone")
    else:
        expect(refusal).to_be_visible()
    first = page.locator("main > :not(.sr-only)").first
    expect(first).to_have_class(re.compile(r"\bflash-error\b"))
