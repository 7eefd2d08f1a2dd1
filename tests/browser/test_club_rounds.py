"""A club night's round in the real browser at phone size: the director re-seats a table
mid-round, and the round clock runs out on the table phone and the big screen."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, expect

from scorepad.store.db import connect, writing
from scorepad.store.events import load_event
from tests.browser.helpers import PHONE, assert_accessible, shot
from tests.event_helpers import night_started
from tests.live import Phone
from tests.test_event_store import _play

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}


def _night(base: str, **extra: object) -> tuple[str, str, list[str]]:
    """An individual night of five players, round 1 started; its id, screen and tables."""
    players = [(name,) for name in ("Ann", "Bo", "Cy", "Di", "Ed")]
    return night_started(Phone(base), players, format="individual", **extra)


@contextmanager
def _directors_page(browser, url: str, size: dict = PHONE) -> Iterator[Page]:
    """The director's page at `url` on a phone of this size, in a browser context of its
    own, closed after."""
    context = browser.new_context(**size)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(url)
        yield page
    finally:
        context.close()


def test_the_director_reseats_a_table_at_phone_size(browser, live_server):
    event_id, _, _ = _night(live_server)
    for size, name in ((PHONE, "Zoe"), (SMALL, "Yan")):
        with _directors_page(browser, f"{live_server}/events/{event_id}", size) as page:
            form = page.locator("form.reseat")
            leaving = form.get_by_label("Seat").locator("option").first.inner_text()
            form.get_by_label("Seat").select_option(index=0)
            form.get_by_label("Who sits there now").fill(name)
            form.get_by_role("button", name="Re-seat").tap()
            sitting = leaving.split(": ", 1)[1]
            expect(page.get_by_text(f"Table 1: {name} sits in for {sitting}.")).to_be_visible()
            expect(form.get_by_label("Seat")).to_contain_text(f"Table 1: {name}")
            width = size["viewport"]["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert_accessible(page, f"club-reseat-{width}")


def test_a_stale_reseat_is_told(browser, live_server):
    event_id, _, _ = _night(live_server)
    with _directors_page(browser, f"{live_server}/events/{event_id}") as page:
        other = Phone(live_server)  # the director's laptop changes the event meanwhile
        other.request(f"/events/{event_id}")
        other.request(f"/events/{event_id}/checkin", {"player_0": "Flo"})
        form = page.locator("form.reseat")
        form.get_by_label("Who sits there now").fill("Zoe")
        form.get_by_role("button", name="Re-seat").tap()
        expect(page.get_by_text("The event changed on another device")).to_be_visible()
        expect(form.get_by_label("Seat")).not_to_contain_text("Zoe")
        shot(page, "club-reseat-stale")


def _clock_ends_in(database: str, event_id: str, seconds: float) -> float:
    """Set the running round's clock, in the server's own database, to run out in
    `seconds` (its length is 1 minute); returns the moment it runs out."""
    db = connect(database)
    try:
        deadline = time.time() + seconds
        with writing(db):
            db.execute(
                "update event_rounds set started_at = ? where event_id = ? and number = 1",
                [deadline - 60, event_id],
            )
        return deadline
    finally:
        db.close()


def _called_at(database: str, event_id: str) -> float | None:
    db = connect(database)
    try:
        return load_event(db, event_id).rounds[0].called_at
    finally:
        db.close()


def test_time_is_called_on_the_phones_and_the_screen_at_the_second(browser, own_server):
    base = own_server.url
    event_id, view, tables = _night(base, round_minutes=1)
    deadline = _clock_ends_in(own_server.database, event_id, 6)
    phone_context = browser.new_context(**PHONE)
    screen_context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        table, scorer, screen = phone_context.new_page(), phone_context.new_page(), None
        screen = screen_context.new_page()
        table.goto(base + tables[0])
        scorer.goto(base + tables[0].replace("/events/table/", "/games/"))
        screen.goto(f"{base}/events/screen/{view}")
        expect(table.locator(".clock")).to_have_text(re.compile(r"0:0[1-6]"))
        expect(scorer.locator(".event-banner")).to_contain_text("left.")
        expect(screen.locator(".clock")).to_be_visible()
        own_server.stop()  # no request reaches the server: what shows is the pages' own
        assert time.time() < deadline - 1
        words = {
            table: "Time: finish this hand; the game ends after it.",
            screen: "Time: finish this hand; the game ends after it.",
            scorer: "time is called, finish this hand: the game ends after it.",
        }
        lines = {p: p.locator(".event-banner" if p is scorer else ".clock-line") for p in words}
        for page, said in words.items():  # not before the clock runs out
            expect(lines[page]).not_to_contain_text(said, timeout=1_000)
        assert time.time() < deadline - 0.5
        for page, said in words.items():  # with no server to ask: the pages' own clocks
            expect(lines[page]).to_contain_text(said, timeout=10_000)
        # at the second, not at a next look (a loaded machine may be slow to tell)
        assert deadline - 0.3 <= time.time() < deadline + 4
        shot(table, "club-time-table")
        shot(screen, "club-time-screen")
        assert _called_at(own_server.database, event_id) is None  # the server not asked yet
        own_server.start()
        table.reload()  # the next look: the server judges time called as it reads
        expect(table.locator(".clock-line")).to_contain_text(words[table])
        # a look writes nothing: the table's next save records the call
        assert _called_at(own_server.database, event_id) is None
        assert_accessible(table, "club-time-called")
    finally:
        phone_context.close()
        screen_context.close()


def test_the_director_sends_a_drawn_playoff_side_through_at_phone_size(browser, own_server):
    base = own_server.url
    event_id, _, _ = night_started(Phone(base), [("Ann", "Bo"), ("Cy", "Di")], rounds=1, playoff=2)
    db = connect(own_server.database)
    try:
        (match,) = load_event(db, event_id).round_matches(1)
        _play(db, match.game_id, 9)
        _play(db, match.game_id, 9)  # 126: over the target of 100
    finally:
        db.close()
    with _directors_page(browser, f"{base}/events/{event_id}") as page:
        # the director's buttons, as pressed: the playoff, its final started
        page.get_by_role("button", name="Start the playoff (top 2)").tap()
        expect(page.get_by_text("Playoff drawn")).to_be_visible()
        page.get_by_role("button", name="Start round 2").tap()
        expect(page.get_by_text("Round started")).to_be_visible()
        db = connect(own_server.database)
        try:
            (final,) = load_event(db, event_id).round_matches(2)
            _play(db, final.game_id, 7)
            _play(db, final.game_id, 6)  # 121 to 121
        finally:
            db.close()
        page.reload()
        table = page.locator("#table-1")  # a shared lead ended early: a draw
        table.get_by_role("button", name="End this game", exact=True).tap()
        table.get_by_role("button", name="Yes, end this game").tap()
        expect(page.get_by_text("Table 1's game ended")).to_be_visible()
        form = page.locator("form.winner")
        expect(form).to_contain_text("A playoff match needs a winner")
        form.get_by_label("Why").fill("a coin")
        form.get_by_role("button", name="Send them through").tap()
        expect(page.get_by_text("Not done: winner: choose the side")).to_be_visible()
        form = page.locator("form.winner")
        form.get_by_label("Cy & Di").check()
        form.get_by_label("Why").fill("one more hand at the table")
        form.get_by_role("button", name="Send them through").tap()
        expect(page.get_by_text("the winner is named")).to_be_visible()
        expect(page.locator("main")).to_contain_text(
            "Cy & Di go through by the director's word: one more hand at the table"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert_accessible(page, "club-playoff-winner")
