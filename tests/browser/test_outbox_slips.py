"""The director's paper slips wait on the phone too (issue 41, docs/offline.md): at
360x740, with the server really stopped, two hands of one table's slip are entered, each
shown as waiting with what it held and the form empty again for the next; once the server
is started again both arrive, in order, once each (the second on the game the first left)."""

from __future__ import annotations

import re
import sqlite3

from playwright.sync_api import Page, expect

from tests.browser.helpers import PHONE
from tests.browser.proxy import Proxy
from tests.event_helpers import night_started
from tests.live import Phone

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
BACK = 70_000  # retries wait 2, 4, 8 ... 60 s (the tables' poll asks sooner)


def waits(page: Page, number: int, bids: list[str], tricks: list[str]) -> None:
    """One hand copied from table 2's slip and entered while the server does not answer."""
    form = page.locator("#table-2 form.slip-hand")
    expect(form).to_contain_text(f"Hand {number}: each seat's bid and tricks.")
    for seat, (bid, took) in enumerate(zip(bids, tricks)):
        form.locator(f"select[name=bid_{seat}]").select_option(bid)
        form.locator(f"select[name=tricks_{seat}]").select_option(took)
    form.get_by_role("button", name="Enter this hand").tap()
    item = page.locator(".outbox li").nth(number - 1)
    expect(item).to_contain_text(
        re.compile(rf"^Table 2, hand {number}: bids \w+ {bids[0]}, .*; tricks \w+ {tricks[0]}, .*")
    )
    expect(item).to_contain_text(": waiting to send.")
    expect(item).to_be_visible()
    expect(form.locator("select[name=bid_0]")).to_have_value("")  # empty for the next hand
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_two_slip_hands_entered_while_the_server_is_down_arrive_in_order_once(
    browser, own_server, tmp_path
):
    event_id, _, _ = night_started(Phone(own_server.url), PAIRS)
    context = browser.new_context(**SMALL)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{own_server.url}/events/{event_id}")
        page.locator("#table-2 summary", has_text="Enter from the paper slip").tap()
        page.wait_for_function("() => window.outbox")  # the page whole, its outbox loaded
        own_server.stop()
        waits(page, 1, ["3", "3", "3", "3"], ["5", "2", "4", "2"])
        waits(page, 2, ["4", "2", "4", "2"], ["5", "2", "5", "1"])
        expect(page.locator(".outbox li")).to_have_count(2)
        expect(page.locator(".offline-notice")).to_be_visible()
        expect(page.locator("#table-2")).not_to_contain_text("Finished")

        own_server.start()
        expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
        expect(page.locator(".flash-error")).to_have_count(0)
        expect(page.locator(".offline-notice")).to_be_hidden()
        # both hands in, in order: the first 63 : -60, the second ends the game
        expect(page.locator("#table-2")).to_contain_text("Finished")
        expect(page.locator("#table-2")).to_contain_text("entered by the director")
        with sqlite3.connect(tmp_path / "scorepad.db") as conn:
            sent = conn.execute("select number from saves_sent order by seq").fetchall()
            hands = conn.execute(
                "select count(*) from hands where game_id = "
                "(select game_id from saves_sent limit 1)"
            ).fetchone()[0]
        assert sent == [(1,), (2,)] and hands == 2  # each once
    finally:
        context.close()


def test_a_slip_s_totals_whose_answer_was_lost_are_entered_once(browser, own_server):
    event_id, _, _ = night_started(Phone(own_server.url), PAIRS)
    network = Proxy(("127.0.0.1", own_server.port))
    context = browser.new_context(**SMALL)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{network.url}/events/{event_id}")
        one = page.locator("#table-1")
        one.locator("summary", has_text="Enter from the paper slip").tap()
        form = one.locator("form.slip-totals")
        for name, value in (("total_0", "130"), ("bags_0", "3"), ("total_1", "40")):
            form.locator(f"input[name={name}]").fill(value)
        form.locator("input[name=minus_1]").check()
        network.mode = "lose"  # the server enters the slip; the phone never hears
        form.get_by_role("button", name="Enter the final result").tap()
        expect(page.locator(".outbox li")).to_contain_text(
            re.compile(r"^Table 1: final totals and bags .* 130 \(3\), .* -40 \(0\): waiting")
        )
        assert network.lost == 1
        network.mode = "pass"
        expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
        expect(
            page.get_by_text("The slip's result was saved already: it is kept once.")
        ).to_be_visible()
        expect(page.locator(".flash-error")).to_have_count(0)
        expect(page.locator("#table-1")).to_contain_text("entered by the director")
    finally:
        context.close()
        network.close()
