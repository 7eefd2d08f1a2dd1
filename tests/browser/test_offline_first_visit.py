"""Offline: a phone that opened a game once and lost the network at once still shows its
last score (the page of a first visit is kept before the service worker takes the page
over), and a save made offline is not lost."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, start_game, totals
from tests.browser.helpers import PHONE, close_game, shot

SLOW_S = 2.0


def slow_fetches_of(path: str, wsgi_app):
    """The app, with a GET of `path` that is no navigation (a service worker's own fetch)
    answered late, as on a slow phone's network."""

    def app(environ, start_response):
        if environ["PATH_INFO"] == path and environ.get("HTTP_SEC_FETCH_MODE") != "navigate":
            time.sleep(SLOW_S)  # the network's delay itself, not a wait of the test
        return wsgi_app(environ, start_response)

    return app


def test_the_page_is_kept_before_the_worker_controls_it(browser, own_server):
    path = f"/games/{close_game(own_server)}"
    own_server.app.wsgi_app = slow_fetches_of(path, own_server.app.wsgi_app)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(own_server.url + path)  # the first visit: no service worker yet
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=4 * SLOW_S * 1000
        )
        own_server.stop()  # the network goes as soon as the worker runs the page
        page.reload()
        expect(page.locator(".offline-notice")).to_be_visible()
        assert [t.strip() for t in page.locator(".scoreboard .total").all_inner_texts()] == [
            "144",
            "\u2212120",
        ]
    finally:
        context.close()


def test_the_first_visit_is_kept_for_offline_use(browser, own_server):
    from tests.browser.helpers import PHONE, close_game

    game = f"{own_server.url}/games/{close_game(own_server)}"
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(game)  # the first visit: no service worker yet
        # the worker keeps the page before it takes it over: a controller means kept
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert page.evaluate("url => caches.match(url).then(Boolean)", game)
        own_server.stop()
        page.reload()
        expect(page.locator(".offline-notice")).to_be_visible()
        assert [t.strip() for t in page.locator(".scoreboard .total").all_inner_texts()] == [
            "144",
            "\u2212120",
        ]
    finally:
        context.close()


def test_last_scoreboard_offline_and_nothing_lost(browser, own_server):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        start_game(page, own_server.url, ["Ann", "Bob", "Cat", "Dan"])
        enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
        enter_tricks(page, {"Ann & Cat": 8})
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now served through the service worker, which keeps a copy
        expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        expect(page.locator(".offline-notice")).to_be_hidden()

        # The network fails for real (nothing answers): no browser offline switch, which a
        # phone on Wi-Fi without a route never flips either.
        own_server.stop()
        page.reload()
        assert totals(page) == ["71", "150"]
        expect(page.locator(".offline-notice")).to_be_visible()
        enter_bids(page, {"Ann": 3, "Bob": 2, "Cat": 3, "Dan": 2}, save=False)
        page.get_by_role("button", name="Save bids").tap()
        # kept on the phone, waiting to send (issue 41): the table goes on with the tricks
        expect(page.locator(".outbox li")).to_contain_text("Bob bid: 2")
        expect(page.locator(".outbox li")).to_contain_text("waiting to send")
        expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
        shot(page, "offline")

        page.reload()  # still down: the kept page, and the entry kept on the phone
        expect(page.locator(".outbox li")).to_contain_text("Bob bid: 2")
        own_server.start()
        expect(page.locator(".outbox")).to_have_count(0, timeout=70_000)
        expect(page.get_by_role("heading", name="Hand 2: tricks")).to_be_visible()
        expect(page.locator(".offline-notice")).to_be_hidden()
    finally:
        context.close()
