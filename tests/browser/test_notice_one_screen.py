"""The plain-http notice costs the hand step no first screen: on plain http from a name
that is not the host's, at 390x844 and 360x740, Save bids and the last result stay in the
first screen with the notice shown; its full text is one tap away; "Got it" still dismisses."""

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

CANNOT = "cannot keep the score offline"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740)])
def test_the_notice_leaves_save_and_the_last_result_on_the_first_screen(
    named_browser, own_server, width, height
):
    game_id = close_game(own_server)
    context = named_browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"http://{NAME}:{own_server.url.rsplit(':', 1)[1]}/games/{game_id}")
        notice = page.locator(".insecure-notice")
        expect(notice).to_be_visible()
        first_screen(page, "Save bids")
        shot(page, f"notice-one-screen-{width}")
        full = notice.get_by_text(CANNOT)
        expect(full).to_be_hidden()
        tap(page, notice.locator("summary"))  # the whole text, one tap away
        expect(full).to_be_visible()
        expect(notice.get_by_role("link", name="How to serve it over HTTPS")).to_be_visible()
        tap(page, notice.get_by_role("button", name="Got it"))
        expect(notice).to_be_hidden()
    finally:
        context.close()
