"""The plain-http notice costs the hand step no first screen: on plain http from a name
that is not the host's, at 390x844 and 360x740, Save bids and the last result stay in the
first screen with the notice shown; its full text is one tap away; "Got it" still dismisses.
At 360x740 in Spanish and in the pseudo-language too (tests/browser/speech.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import tap
from tests.browser.helpers import (
    NAME,
    PHONE,
    close_game,
    first_screen,
    shot,
)
from tests.browser.speech import LANGUAGES, say, speak, spilled, suffix

CANNOT = "cannot show the game again after a reload while the server is down"
FULL = (
    "This address is plain http, so on this phone scorepad cannot show the game again after "
    "a reload while the server is down, be installed on the home screen, keep the screen "
    "awake or share a link. Saves still wait on this phone."
)


@pytest.mark.parametrize(
    ("lang", "width", "height"),
    [("en", 390, 844), *((lang, 360, 740) for lang in LANGUAGES)],
)
def test_the_notice_leaves_save_and_the_last_result_on_the_first_screen(
    named_browser, own_server, lang, width, height
):
    game_id = close_game(own_server)
    context = named_browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}})
    speak(context, lang, NAME)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"http://{NAME}:{own_server.url.rsplit(':', 1)[1]}/games/{game_id}")
        notice = page.locator(".insecure-notice")
        expect(notice).to_be_visible()
        first_screen(page, say(lang, "Save bids"))
        assert spilled(page) == []
        shot(page, f"notice-one-screen-{width}{suffix(lang)}")
        full = notice.get_by_text(CANNOT if lang == "en" else say(lang, FULL))
        expect(full).to_be_hidden()
        tap(page, notice.locator("summary"))  # the whole text, one tap away
        expect(full).to_be_visible()
        serve = say(lang, "How to serve it over HTTPS")
        expect(notice.get_by_role("link", name=serve)).to_be_visible()
        tap(page, notice.get_by_role("button", name=say(lang, "Got it")))
        expect(notice).to_be_hidden()
    finally:
        context.close()
