"""The outbox over plain http by a LAN name (issue 41, docs/offline.md): no secure context,
no service worker, and still every save made while the server is stopped waits on the
phone and arrives once it is started again; a seat phone's own bid the same."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.flows import choose_bid, enter_bids, enter_tricks, press, start_game, totals
from tests.browser.helpers import NAME, PHONE
from tests.browser.test_outbox import HANDS, hand_waiting
from tests.live import Phone

BACK = 70_000  # retries wait 2, 4, 8 ... 60 s: the next one after the server is back


def by_name(url: str) -> str:
    """The same address under the LAN name, as another phone opens it."""
    return re.sub(r"//127\.0\.0\.1:", f"//{NAME}:", url)


def phone_by_name(named_browser):
    context = named_browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def test_a_hand_entered_while_the_server_is_down_arrives_over_plain_http(named_browser, own_server):
    context, page = phone_by_name(named_browser)
    try:
        start_game(page, by_name(own_server.url), ["Ann", "Bob", "Cat", "Dan"])
        assert page.evaluate("window.isSecureContext") is False
        enter_bids(page, {"Ann": 4, "Bob": 5, "Cat": 3, "Dan": "nil"})
        enter_tricks(page, {"Ann & Cat": 8})
        own_server.stop()
        hand_waiting(page, 2, *HANDS[0][:2])
        expect(page.locator(".outbox li")).to_have_count(2)
        expect(page.locator(".offline-notice")).to_be_visible()

        own_server.start()
        expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
        expect(page.get_by_role("heading", name="Hand 3: bids")).to_be_visible()
        assert totals(page) == ["132", "192"]
        expect(page.locator(".offline-notice")).to_be_hidden()
    finally:
        context.close()


def test_a_seat_phone_s_bid_made_while_the_server_is_down_arrives(named_browser, own_server):
    scorer = Phone(own_server.url)
    game_id = scorer.start_game(("Ann", "Bob", "Cat", "Dan"), table="partnership")
    assert scorer.request(f"/games/{game_id}/seats", {"seats": "on"})[0] == 302
    _, _, body = scorer.request(f"/games/{game_id}")
    link = re.findall(r'href="(http[^"]+/seat/[\w-]+)"', body)[0]
    context, page = phone_by_name(named_browser)
    try:
        page.goto(by_name(link))
        press(page, "I am Ann")
        page.wait_for_function("() => window.outbox")  # the page whole, its outbox loaded
        own_server.stop()
        choose_bid(page, "Ann", 4)
        page.get_by_role("button", name="Save my bid").tap()
        expect(page.locator(".outbox li")).to_contain_text(
            re.compile(r"^Hand 1: your bid \(Ann bid: 4\): waiting to send\.")
        )
        expect(page.get_by_role("button", name="Save my bid")).to_be_hidden()

        own_server.start()
        expect(page.locator(".outbox")).to_have_count(0, timeout=BACK)
        expect(page.get_by_text("Your bid: 4.")).to_be_visible()
        _, _, body = scorer.request(f"/games/{game_id}")
        assert "sent from their phone" in body
    finally:
        context.close()
