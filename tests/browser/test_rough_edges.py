"""The rough edges of an evening, in the real browser."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, start_game


def test_a_nil_count_above_its_side_is_stopped_on_the_nil_bidders_row(page, live_server):
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"])
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 10, "Dan": 5}, save=False)  # Bob & Dan took 3
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.get_by_role("button", name="Save tricks").tap()
    group = page.get_by_role("radiogroup", name="Dan tricks", exact=True)
    expect(group.locator(".error")).to_have_text("Dan took 5, more than Bob & Dan's 3: not saved.")
    expect(group).to_have_class("pick tricks nil-count of-side-1 invalid")
    assert posts == []
    enter_tricks(page, {"Dan": 1})
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()


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
