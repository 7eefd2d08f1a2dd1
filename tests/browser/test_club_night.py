"""A club night in the real browser: the director, six table phones and the big screen at once."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.browser.flows import enter_bids, enter_tricks, follow
from tests.browser.helpers import PHONE, assert_accessible, shot
from tests.event_helpers import night_started
from tests.live import Phone

SCREEN = {"viewport": {"width": 1280, "height": 720}}
LAPTOP = {"viewport": {"width": 1024, "height": 768}}


def _director_setup(base: str) -> tuple[str, str, list[str]]:
    """Create a six-table Swiss night and start round 1, as the director's laptop would."""
    pairs = [(f"N{i}", f"S{i}") for i in range(12)]
    event_id, view, tables = night_started(Phone(base), pairs, target=300, round_minutes=40)
    assert len(tables) == 6
    return event_id, view, tables


def _points_of(screen, name: str) -> str:
    row = screen.locator(".standings tbody tr", has_text=name)
    return row.locator("td").nth(6).inner_text()


def test_director_six_tables_and_the_big_screen(browser, live_server):
    event_id, view, tables = _director_setup(live_server)
    contexts = [browser.new_context(**SCREEN), browser.new_context(**LAPTOP)]
    contexts += [browser.new_context(**PHONE) for _ in tables]
    try:
        screen, director, *phones = (c.new_page() for c in contexts)
        for p in (screen, director, *phones):
            p.set_default_timeout(15_000)
        screen.goto(f"{live_server}/events/screen/{view}")
        director.goto(f"{live_server}/events/{event_id}")
        expect(screen.locator(".clock")).to_be_visible()
        shot(screen, "club-screen-start")
        for phone, link in zip(phones, tables):
            phone.goto(live_server + link)
            expect(phone.locator(".clock")).to_be_visible()
        assert_accessible(phones[0], "club-table-page")
        for number, phone in enumerate(phones):
            follow(phone, "Score this table's game")
            players = phone.locator(".scoreboard .side-name").all_inner_texts()
            first, second = (p.split(" & ") for p in players)
            enter_bids(phone, {name: 3 for name in (*first, *second)})
            took = 9 if number % 2 == 0 else 4
            enter_tricks(phone, {players[0]: took})
            saved = time.monotonic()
            points = "63" if took == 9 else "\u221260"
            expect(screen.locator(".standings tbody tr", has_text=players[0])).to_contain_text(
                points, timeout=3000
            )
            assert time.monotonic() - saved < 3
        shot(phones[0], "club-table-game")
        expect(director.locator("#director-tables")).to_contain_text("hand 2", timeout=6000)
        assert_accessible(director, "club-director")
        assert_accessible(screen, "club-screen-after")
        assert_accessible(phones[1], "club-table-game-2")
        assert _points_of(screen, "N0 & S0") in ("63", "\u221260")  # the true minus sign
        assert screen.evaluate("document.documentElement.scrollWidth") <= 1280
    finally:
        for c in contexts:
            c.close()


def test_new_event_page_is_accessible_and_refusals_show(page, live_server):
    page.goto(f"{live_server}/events/new")
    assert_accessible(page, "club-new")
    page.get_by_role("button", name="Create the event").tap()
    expect(page.get_by_text("The event was not created")).to_be_visible()
    assert_accessible(page, "club-new-refused")
