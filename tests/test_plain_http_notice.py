"""The plain-http notice is drawn by the server (nothing moves after the first paint):
over plain http by another name than loopback's, until "Got it" sets its cookie."""

import re

import pytest

from tests.helpers import start

SHOWN = re.compile(r'<div class="insecure-notice" role="note">')
DRAWN = re.compile(r'class="insecure-notice"')


@pytest.mark.parametrize(
    ("base", "shown"),
    [
        ("http://table.test", True),
        ("http://192.168.1.20:8000", True),
        ("http://localhost:8000", False),
        ("http://127.0.0.1", False),
        ("http://[::1]:8000", False),
        ("http://scorepad.localhost", False),
        ("https://table.test", False),
    ],
)
def test_the_notice_is_drawn_where_the_page_is_not_secure(client, base, shown):
    game = start(client)
    body = client.get(f"/games/{game}", base_url=base).get_data(as_text=True)
    # shown, or not drawn at all
    assert bool(SHOWN.search(body)) is shown and bool(DRAWN.search(body)) is shown


def test_got_it_is_kept_and_the_kept_page_follows_it(client):
    game = start(client)
    assert SHOWN.search(client.get(f"/games/{game}", base_url="http://table.test").text)
    client.set_cookie("insecure-seen", "1", domain="table.test")
    again = client.get(f"/games/{game}", base_url="http://table.test").text
    assert not DRAWN.search(again)
