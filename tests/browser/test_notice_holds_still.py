"""The plain-http notice, shown by the script on another phone, moves nothing already
painted: on plain http from a name that is not the host's, with the script slow to come,
the game page's layout shifts sum to 0 at phone sizes and on a tablet."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import NAME, PHONE, close_game
from tests.browser.test_no_layout_shift import _loaded, _no_shift, _slow_script


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740), (768, 1024)])
def test_the_notice_shown_moves_nothing(named_browser, own_server, width, height):
    game_id = close_game(own_server)
    context = named_browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        _slow_script(page)
        _loaded(page, f"http://{NAME}:{own_server.url.rsplit(':', 1)[1]}/games/{game_id}")
        expect(page.locator(".insecure-notice")).to_be_visible()
        _no_shift(page, f"plain http, notice shown, {width}x{height}")
    finally:
        context.close()
