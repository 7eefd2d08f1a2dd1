"""The game page's first load at most 12 KB gzip (#28): the looks' and the TV's styles come
only with the pages that use them."""

import re

from tests.helpers import page_weight
from tests.test_delivery import imported

# 12 KB until the longer languages (380 bytes): bench/README.md. The outbox's hooks in
# app.js and its phrases (issue 41) fit in it; the scorer's taps kept per seat across a
# phone's bid (app.js keepChoices, some 90 bytes) took 128 more.
GAME_PAGE_BUDGET = 12 * 1024 + 640


def test_the_game_page_of_a_ten_hand_game_loads_in_12_kb(app, client):
    game = imported(app, client, 10)
    assert page_weight(client, f"/games/{game}") <= GAME_PAGE_BUDGET
    pending = imported(app, client, 10, pending=True)
    assert page_weight(client, f"/games/{pending}") <= GAME_PAGE_BUDGET


def sheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="/static/(\w+)\.', html)


def test_the_looks_stylesheet_comes_only_with_a_look(app, client):
    game = imported(app, client, 2)
    assert sheets(client.get(f"/games/{game}").get_data(as_text=True)) == ["app"]
    for look in ("large", "contrast", "large.contrast"):
        client.set_cookie("look", look)
        html = client.get(f"/games/{game}").get_data(as_text=True)
        assert sheets(html) == ["app", "looks"], look
    client.set_cookie("look", "sparkles")
    assert sheets(client.get(f"/games/{game}").get_data(as_text=True)) == ["app"]
    looks = client.get("/static/looks.css").get_data(as_text=True)
    assert ".text-large" in looks and "html.contrast" in looks
    assert ".text-large" not in client.get("/static/app.css").get_data(as_text=True)


def test_the_tv_stylesheet_comes_only_with_the_tv_view(app, client):
    game = imported(app, client, 2)
    body = client.get(f"/games/{game}").get_data(as_text=True)
    watch = re.search(r'href="http://localhost(/watch/[^"]+)"', body).group(1)
    assert sheets(client.get(watch).get_data(as_text=True)) == ["app"]
    tv = client.get(watch + "?tv=1").get_data(as_text=True)
    assert sheets(tv) == ["app", "tv"]
    assert ".tv .total" in client.get("/static/tv.css").get_data(as_text=True)


def test_the_tests_quick_settle_adds_nothing_to_a_page_as_shipped(app, client):
    game = imported(app, client, 2)
    assert "data-settle" not in client.get(f"/games/{game}").get_data(as_text=True)
    app.config["SETTLE_MS"] = 0  # the browser tests' servers (tests/browser/server.py)
    other = imported(app, client, 2)  # (a page drawn before is kept as drawn)
    assert '<body data-settle="0">' in client.get(f"/games/{other}").get_data(as_text=True)
