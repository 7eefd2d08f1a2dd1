"""Phones that follow a game by themselves: one poll per board however many saves the
page has made, and a seat phone that shows the new score and the next hand unasked."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, press, start_game, totals
from tests.browser.helpers import PHONE

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
