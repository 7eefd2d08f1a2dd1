"""Phones that follow a game by themselves: the live scoreboard updates unasked (and
without JavaScript, by reloading), one poll per board however many saves the page has
made, and a seat phone shows the new score and the next hand unasked."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, follow, press, start_game, totals
from tests.browser.helpers import PHONE, shot

NAMES = ["Alice", "Ben", "Cara", "Dev"]


def test_one_poll_per_board_after_many_saves(page, live_server):
    start_game(page, live_server, NAMES)
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    press(page, "Give each seat its own link")
    for _ in range(3):  # each save's answer replaces the page and starts its behaviours
        enter_bids(page, {"Alice": 3, "Ben": 3, "Cara": 3, "Dev": 3})
        enter_tricks(page, {"Alice & Cara": 7})
    since = page.evaluate("performance.now()")
    asks = """since => performance.getEntriesByType("resource")
        .filter(e => e.name.includes("/seats/status") && e.startTime > since)
        .map(e => [e.name, e.startTime])"""
    page.wait_for_function(f"since => ({asks})(since).length >= 3", arg=since)
    polls = page.evaluate(asks, since)
    starts = [start for _, start in polls]
    # one poll asks every 2 s; a second loop would ask in between
    assert all(b - a >= 1500 for a, b in zip(starts, starts[1:])), polls
    assert len({re.sub(r".*hand=", "", u) for u, _ in polls}) == 1  # the board on the page only


def test_a_seat_phone_follows_the_score_and_the_next_hand(browser, page, live_server):
    start_game(page, live_server, NAMES)
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    press(page, "Give each seat its own link")
    link = page.locator("a.seat-link").nth(1).get_attribute("href")  # Ben's
    context = browser.new_context(**PHONE)
    try:
        ben = context.new_page()
        ben.goto(link)
        press(ben, "I am Ben")
        expect(ben.get_by_role("heading", name="Hand 1: your bid")).to_be_visible()
        enter_bids(page, {"Alice": 4, "Ben": 3, "Cara": 3, "Dev": 3})
        enter_tricks(page, {"Alice & Cara": 7})
        assert totals(page) == ["70", "60"]
        expect(ben.get_by_role("heading", name="Hand 2: your bid")).to_be_visible(timeout=9000)
        assert totals(ben) == ["70", "60"]
    finally:
        context.close()


def test_live_scoreboard_updates_by_itself(browser, page, live_server):
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    start_game(page, live_server, ["Alice", "Ben", "Cara", "Dev"])
    page.wait_for_load_state("load")
    assert not [url for url in asked if url.endswith("/qr.svg")]  # not until it is opened
    page.locator("summary", has_text="Show the live score").tap()
    qr = page.get_by_role("img", name="QR code of the live scoreboard link")
    expect(qr).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 100", arg=qr.element_handle())
    link = page.locator("a.share-link").get_attribute("href")
    shot(page, "share")

    watcher_context = browser.new_context(**PHONE)
    watcher = watcher_context.new_page()
    try:
        watcher.goto(link)
        expect(watcher.get_by_role("heading", name="Live score")).to_be_visible()
        loads = []
        watcher.on("load", lambda: loads.append(1))
        enter_bids(page, {"Alice": 4, "Ben": 5, "Cara": 3, "Dev": "nil"})
        expect(watcher.locator(".status")).to_contain_text("Hand 1 is being played", timeout=8000)
        enter_tricks(page, {"Alice & Cara": 8})
        expect(watcher.locator(".scoreboard .total").nth(1)).to_have_text("150", timeout=8000)
        expect(watcher.locator(".summary")).to_contain_text("Dev's nil made")
        assert loads == []  # no reload: the board was swapped in place
        assert watcher.locator("form").count() == 0
        shot(watcher, "watch")
    finally:
        watcher_context.close()


def test_live_scoreboard_without_javascript(browser, live_server):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    phone = context.new_page()
    try:
        start_game(phone, live_server, ["Wen", "Xi", "Yo", "Zed"])
        link = phone.locator("a.share-link").get_attribute("href")
        enter_bids(phone, {"Wen": 3, "Xi": 3, "Yo": 3, "Zed": 4})
        enter_tricks(phone, {"Wen & Yo": 6, "Xi & Zed": 7})  # without JS both sides are given
        phone.goto(link)
        follow(phone, "refresh")
        assert totals(phone) == ["60", "70"]
    finally:
        context.close()
