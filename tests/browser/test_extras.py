"""The live scoreboard, offline use, dark mode and printing, in the real browser."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import (
    enter_bids,
    enter_tricks,
    follow,
    start_game,
    totals,
)
from tests.browser.helpers import ARTIFACTS, PHONE, shot


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


def test_dark_mode_follows_the_phone(page, live_server):
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server}/games")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert light == "rgb(246, 244, 238)" and dark == "rgb(18, 20, 22)"
    # the header stays a calm dark bar at night, not a bright one
    bar = page.evaluate("getComputedStyle(document.querySelector('header.bar')).backgroundColor")
    assert sum(int(c) for c in re.findall(r"\d+", bar)[:3]) < 3 * 60, bar


def test_score_sheet_prints_clean(page, live_server):
    start_game(page, live_server, ["Ann", "Bob", "Cat", "Dan"], target="100")
    enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
    enter_tricks(page, {"Ann & Cat": 8})
    follow(page, "Score sheet")
    page.emulate_media(media="print")
    expect(page.locator("header.bar")).to_be_hidden()
    expect(page.locator("svg.chart")).to_be_visible()
    expect(page.locator("table.history")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = page.pdf(path=str(ARTIFACTS / "score-sheet.pdf"))
    assert pdf[:4] == b"%PDF"
