"""A phone's first visit to a game costs few requests: the page, its stylesheet and script,
the service worker, and what that worker keeps for offline (counted where they land, on
the server: a request the browser answers from its own cache is no request)."""

from __future__ import annotations

import threading

from playwright.sync_api import expect

from tests.browser.helpers import PHONE, close_game

MOST = 6


def counted(wsgi_app, seen: list[str]):
    """The app, writing down each request that reaches it."""
    lock = threading.Lock()

    def app(environ, start_response):
        with lock:
            seen.append(f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']}")
        return wsgi_app(environ, start_response)

    return app


def cold_load(browser, server, path: str) -> list[str]:
    """The requests of a first visit to `path`, up to the worker running the page."""
    seen: list[str] = []
    server.app.wsgi_app = counted(server.app.wsgi_app, seen)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(server.url + path, wait_until="load")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.evaluate("() => navigator.serviceWorker.ready")
        page.wait_for_timeout(1000)  # whatever the worker still asks for, after it runs
        return list(seen)
    finally:
        context.close()


def test_a_first_visit_to_a_game_makes_at_most_six_requests(browser, own_server):
    path = f"/games/{close_game(own_server)}"
    seen = cold_load(browser, own_server, path)
    assert len(seen) <= MOST, seen


def test_the_first_visit_still_keeps_the_page_and_the_offline_page(browser, own_server):
    game = f"{own_server.url}/games/{close_game(own_server)}"
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(game)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        kept = "url => caches.match(url, { ignoreVary: true }).then((r) => r ? r.text() : '')"
        assert "Hand 3: bids" in page.evaluate(kept, game)
        assert "was not saved on it before" in page.evaluate(kept, f"{own_server.url}/offline")
        own_server.stop()
        page.goto(f"{own_server.url}/stats")  # never seen: the offline page, from the worker
        expect(page.get_by_role("heading", name="Offline")).to_be_visible()
        assert page.locator("link[rel=stylesheet]").evaluate("l => l.sheet !== null")
    finally:
        context.close()
